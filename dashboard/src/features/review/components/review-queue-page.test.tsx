// @vitest-environment happy-dom

import type { ReviewQueuePage as QueuePage } from "@contracts/review.ts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { blogFixture, userFixture } from "../../../test/factories.ts";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { ReviewQueuePage } from "./review-queue-page.tsx";

cleanUpAfterEach();

const item = (n: number, over: Partial<QueuePage["posts"][number]> = {}) => ({
  id: `p${n}`,
  title: `Post ${n}`,
  excerpt: "",
  blogId: "b1",
  blogName: "Coffee",
  author: { id: "w1", name: "Wes Writer" },
  assignee: null,
  submittedAt: `2026-11-2${n}T10:00:00.000Z`,
  notes: n - 1,
  reviewReasons: null,
  ...over,
});

describe("the review queue screen", () => {
  it("lists posts oldest first, pages on, and assigns a review to the person", async () => {
    const user = userFixture({ id: "me" });
    const calls = stubFetch(async (call) => {
      if (call.url === "/api/auth/user") return json(200, user);
      if (call.url === "/api/blogs")
        return json(200, [
          blogFixture({ id: "b1", name: "Coffee", role: "editor" }),
          blogFixture({ id: "b2", name: "Tea", role: "writer" }),
        ]);
      if (call.url === "/api/review-queue")
        return json(200, { posts: [item(1), item(2)], nextCursor: "1_p2", total: 3 });
      if (call.url === "/api/review-queue?cursor=1_p2")
        return json(200, { posts: [item(3)], nextCursor: null, total: 3 });
      if (call.method === "PUT" && call.url === "/api/posts/p1/assignee") return json(200, {});
      throw new Error(`unexpected ${call.method} ${call.url}`);
    });
    render(
      <MemoryRouter>
        <WithSwrAndToaster>
          <ReviewQueuePage />
        </WithSwrAndToaster>
      </MemoryRouter>,
    );
    const list = await screen.findByRole("list", { name: "Posts under review" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Post 1", "Post 2"]);
    expect(screen.getByText("3 posts wait for review, oldest first.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(list).findByText("Post 3")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    fireEvent.click(
      within(list).getAllByRole("button", { name: "Assign to me" })[0] as HTMLElement,
    );
    await findToast("Assigned to you");
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ userId: "me" });
  });
});
