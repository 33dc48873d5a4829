// @vitest-environment happy-dom

import type { Subscriber, SubscriberPage } from "@contracts/newsletters.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SelectedBlogProvider } from "../../../lib/selected-blog-context.tsx";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { SubscribersPage } from "./subscribers-page.tsx";

cleanUpAfterEach();

const person = (n: number, over: Partial<Subscriber> = {}): Subscriber => ({
  id: `s${n}`,
  email: `reader${n}@example.com`,
  status: "subscribed",
  consentedAt: "2024-01-05T00:00:00.000Z",
  consentPage: "/post/spring",
  consentText: "Get new posts by e-mail.",
  unsubscribedAt: null,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
  ...over,
});

const counts = { all: 3, pending: 0, subscribed: 2, unsubscribed: 1, bounced: 0, complained: 0 };
const page = (subscribers: Subscriber[], nextCursor: string | null = null): SubscriberPage => ({
  subscribers,
  nextCursor,
  counts,
});

function renderPage(answer: (call: Call) => Response) {
  const calls = stubFetch((call) => {
    if (call.url === "/api/blogs") return json(200, [blogFixture({ id: "b1" })]);
    if (call.url.startsWith("/api/blogs/b1/subscribers/growth"))
      return json(200, {
        days: [
          { day: "2026-11-29", subscribed: 1, joined: 0, left: 0 },
          { day: "2026-11-30", subscribed: 2, joined: 1, left: 0 },
        ],
      });
    return answer(call);
  });
  render(
    <WithSwrAndToaster>
      <MemoryRouter>
        <SelectedBlogProvider>
          <SubscribersPage />
        </SelectedBlogProvider>
      </MemoryRouter>
    </WithSwrAndToaster>,
  );
  return calls;
}

describe("SubscribersPage", () => {
  it("shows counts, the growth, the list page by page, and deletes one after asking", async () => {
    let deleted = false;
    const calls = renderPage((call) => {
      if (call.method === "DELETE" && call.url === "/api/blogs/b1/subscribers/s1") {
        deleted = true;
        return json(204, undefined);
      }
      if (call.url === "/api/blogs/b1/subscribers")
        return json(200, page(deleted ? [person(2)] : [person(1), person(2)], "c2"));
      if (call.url === "/api/blogs/b1/subscribers?cursor=c2")
        return json(200, page([person(3, { status: "unsubscribed", consentedAt: null })]));
      throw new Error(`unexpected ${call.method} ${call.url}`);
    });
    const table = await screen.findByRole("table", { name: "Subscribers" });
    const counted = screen.getByRole("list", { name: "Subscribers per status" });
    expect(
      within(counted)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Pending0", "Subscribed2", "Unsubscribed1", "Bounced0", "Complained0"]);
    expect(
      await screen.findByText("2 subscribers now; 1 joined and 0 left in the last 2 days."),
    ).toBeTruthy();
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getAllByText("/post/spring")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/blogs/b1/subscribers/export.csv",
    );

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(table).findByText("reader3@example.com")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    fireEvent.click(within(table).getByRole("button", { name: "Delete reader1@example.com" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Subscriber" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await findToast("Subscriber deleted");
    await waitFor(() => expect(within(table).queryByText("reader1@example.com")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      "/api/blogs/b1/subscribers/s1",
    ]);
  });

  it("erases an address from every blog once confirmed", async () => {
    const calls = renderPage((call) => {
      if (call.url === "/api/subscribers/erase") return json(200, { deleted: 2 });
      if (call.url === "/api/blogs/b1/subscribers") return json(200, page([]));
      throw new Error(`unexpected ${call.method} ${call.url}`);
    });
    expect(await screen.findByText(/No subscribers yet/)).toBeTruthy();
    const erase = screen.getByRole("region", { name: "Erase an address from all blogs" });
    fireEvent.change(within(erase).getByLabelText("E-mail address"), {
      target: { value: "not an address" },
    });
    fireEvent.click(within(erase).getByRole("button", { name: "Erase" }));
    expect(await within(erase).findByText("Enter a valid e-mail address")).toBeTruthy();
    fireEvent.change(within(erase).getByLabelText("E-mail address"), {
      target: { value: "Asked@Example.com" },
    });
    fireEvent.click(within(erase).getByRole("button", { name: "Erase" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Erase this address?" });
    expect(dialog.textContent).toContain("asked@example.com");
    fireEvent.click(within(dialog).getByRole("button", { name: "Erase" }));
    await findToast("Address erased");
    expect(calls.filter((c) => c.url === "/api/subscribers/erase").map((c) => c.body)).toEqual([
      { email: "asked@example.com" },
    ]);
  });
});
