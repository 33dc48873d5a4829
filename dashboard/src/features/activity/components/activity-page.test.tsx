// @vitest-environment happy-dom

import type { ActivityEvent, ActivityPage as Page } from "@contracts/activity.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SelectedBlogProvider } from "../../../lib/selected-blog-context.tsx";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, WithSwrAndToaster } from "../../../test/render.tsx";
import { ActivityPage } from "./activity-page.tsx";

cleanUpAfterEach();

const ada = { id: "u1", name: "Ada Lovelace" };
const bob = { id: "u2", name: "Bob Writer" };

const event = (id: string, over: Partial<ActivityEvent>): ActivityEvent => ({
  id,
  blogId: "b1",
  action: "post.created",
  actor: ada,
  postId: "p1",
  subject: "Tomatoes",
  details: {},
  createdAt: "2026-11-30T09:00:00.000Z",
  ...over,
});

const page = (events: ActivityEvent[], nextCursor: string | null = null): Page => ({
  events,
  nextCursor,
  people: [ada, bob],
  retentionDays: 400,
});

function renderPage(answer: (call: Call) => Response) {
  const calls = stubFetch((call) => {
    if (call.url === "/api/blogs") return json(200, [blogFixture()]);
    return answer(call);
  });
  render(
    <WithSwrAndToaster>
      <MemoryRouter>
        <SelectedBlogProvider>
          <ActivityPage />
        </SelectedBlogProvider>
      </MemoryRouter>
    </WithSwrAndToaster>,
  );
  return calls;
}

const activityCalls = (calls: Call[]) =>
  calls.filter((call) => call.url.startsWith("/api/blogs/b1/activity")).map((call) => call.url);

describe("ActivityPage", () => {
  it("lists who did what, links the post, and pages to older rows", async () => {
    const calls = renderPage((call) =>
      call.url.includes("before=c1")
        ? json(200, page([event("e3", { action: "post.deleted", subject: "Old post" })]))
        : json(
            200,
            page(
              [
                event("e1", {
                  action: "post.edited",
                  actor: bob,
                  details: { fields: ["title", "content"] },
                }),
                event("e2", {
                  action: "settings.changed",
                  postId: null,
                  subject: null,
                  details: { fields: ["name"] },
                }),
              ],
              "c1",
            ),
          ),
    );
    const list = await screen.findByRole("list", { name: "Activity" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Bob Writer Edited a post: TomatoesChanged: title, content"),
      expect.stringContaining("Ada Lovelace Changed settingsChanged: name"),
    ]);
    expect(within(list).getByRole("link", { name: "Tomatoes" }).getAttribute("href")).toBe(
      "/editor?id=p1",
    );
    expect(screen.getByText(/kept for 400 days/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Show older" }));
    expect(await within(list).findByText("Old post")).toBeTruthy();
    // A deleted post is named, not linked.
    expect(within(list).queryByRole("link", { name: "Old post" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Show older" })).toBeNull();
    expect(activityCalls(calls)).toEqual([
      "/api/blogs/b1/activity?limit=50",
      "/api/blogs/b1/activity?limit=50&before=c1",
    ]);
  });

  it("filters by action and by person", async () => {
    const calls = renderPage(() => json(200, page([event("e1", {})])));
    await screen.findByRole("list", { name: "Activity" });
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: "post.published" } });
    await waitFor(() =>
      expect(activityCalls(calls)).toContain(
        "/api/blogs/b1/activity?limit=50&action=post.published",
      ),
    );
    fireEvent.change(screen.getByLabelText("Person"), { target: { value: "u2" } });
    await waitFor(() =>
      expect(activityCalls(calls)).toContain(
        "/api/blogs/b1/activity?limit=50&action=post.published&actorId=u2",
      ),
    );
    expect(
      [...(screen.getByLabelText("Person") as HTMLSelectElement).options].map((o) => o.text),
    ).toEqual(["Everyone", "Ada Lovelace", "Bob Writer"]);
  });

  it("says so when the person's role does not show the log", async () => {
    renderPage(() =>
      json(403, {
        code: "role_forbidden",
        message: "Your role on this blog (Writer) does not allow this.",
      }),
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Your role on this blog (Writer) does not allow this. Owners and editors see the activity log.",
    );
    expect(screen.queryByLabelText("Action")).toBeNull();
  });
});
