// @vitest-environment happy-dom

import type { Notification, NotificationPage } from "@contracts/notifications.ts";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SelectedBlogProvider } from "../../../lib/selected-blog-context.tsx";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, WithSwrAndToaster } from "../../../test/render.tsx";
import { NotificationBell } from "./notification-bell.tsx";

cleanUpAfterEach();

const notification = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: "submitted",
  blogId: "b1",
  blogName: "Trail Running Weekly",
  postId: `post-${id}`,
  actor: { id: "u2", name: "Bob Writer" },
  text: `Bob Writer submitted “Post ${id}” for review`,
  read: false,
  createdAt: "2026-11-30T09:00:00.000Z",
  ...over,
});

function renderBell(pages: NotificationPage[]) {
  let served = 0;
  const calls = stubFetch((call) => {
    if (call.url === "/api/blogs") return json(200, [blogFixture()]);
    if (call.url === "/api/notifications/read") return json(200, { unread: 0 });
    if (call.url === "/api/notifications") {
      const answer = pages[Math.min(served, pages.length - 1)];
      served++;
      return json(200, answer);
    }
    return json(404, { message: "not here" });
  });
  render(
    <WithSwrAndToaster>
      <MemoryRouter>
        <SelectedBlogProvider>
          <NotificationBell />
        </SelectedBlogProvider>
      </MemoryRouter>
    </WithSwrAndToaster>,
  );
  return calls;
}

const open = async (name: string | RegExp) => {
  const bell = await screen.findByRole("button", { name });
  fireEvent.pointerDown(bell, { button: 0, pointerType: "mouse" });
  return screen.findByRole("menu");
};

const posts = (calls: Call[]) => calls.filter((call) => call.method === "POST");

describe("NotificationBell", () => {
  it("shows the unread count, lists the notifications linking to the post, and marks all read", async () => {
    const calls = renderBell([
      {
        notifications: [notification("1"), notification("2", { read: true, postId: null })],
        unread: 1,
        nextCursor: null,
      },
      {
        notifications: [notification("1", { read: true }), notification("2", { read: true })],
        unread: 0,
        nextCursor: null,
      },
    ]);
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(bell.textContent).toBe("1");
    const menu = await open("Notifications, 1 unread");
    const first = await screen.findByRole("menuitem", { name: /Post 1/ });
    expect(first.getAttribute("href")).toBe("/editor?id=post-1");
    expect(first.textContent).toContain("Unread: ");
    expect(screen.getByRole("menuitem", { name: /Post 2/ }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(menu.textContent).toContain("Trail Running Weekly");

    fireEvent.click(screen.getByRole("menuitem", { name: "Mark all as read" }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        { url: "/api/notifications/read", method: "POST", body: { all: true } },
      ]),
    );
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("marks one read when it is opened", async () => {
    const calls = renderBell([{ notifications: [notification("1")], unread: 1, nextCursor: null }]);
    await open("Notifications, 1 unread");
    fireEvent.click(await screen.findByRole("menuitem", { name: /Post 1/ }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        { url: "/api/notifications/read", method: "POST", body: { ids: ["1"] } },
      ]),
    );
  });

  it("says when there is nothing", async () => {
    renderBell([{ notifications: [], unread: 0, nextCursor: null }]);
    await open("Notifications");
    expect(await screen.findByText("No notifications yet.")).toBeTruthy();
    expect(screen.queryByRole("menuitem", { name: "Mark all as read" })).toBeNull();
  });
});
