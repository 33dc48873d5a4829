// @vitest-environment happy-dom

import type { Post } from "@contracts/posts.ts";
import type { PostNote } from "@contracts/review.ts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { postSummaryFixture } from "../../../test/factories.ts";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { NotesPanel, ReviewDecision } from "./review-panel.tsx";

cleanUpAfterEach();

const post = {
  ...postSummaryFixture(1, { status: "under_review" }),
  content: "<p>Text</p>",
  metaTitle: null,
  metaDescription: null,
  keywords: [],
  tags: [],
  aiAssisted: false,
  version: 3,
  featureImageId: null,
  submittedAt: "2026-11-29T10:00:00.000Z",
  assigneeId: null,
  reviewedBy: null,
} satisfies Post;

const note = (id: string, body: string, parentId: string | null = null): PostNote => ({
  id,
  parentId,
  author: { id: "u1", name: "Eddie Editor" },
  body,
  kind: "note",
  createdAt: "2026-11-29T11:00:00.000Z",
});

describe("the reviewer's decision", () => {
  it("sends the post back with the note, or approves it", async () => {
    const calls = stubFetch(async (call) => {
      if (call.url.endsWith("/request-changes")) return json(200, { ...post, status: "draft" });
      if (call.url.endsWith("/approve")) return json(200, { ...post, status: "published" });
      if (call.url.endsWith("/notes")) return json(200, []);
      throw new Error(`unexpected ${call.method} ${call.url}`);
    });
    const onDecided = vi.fn(async () => {});
    render(
      <WithSwrAndToaster>
        <ReviewDecision post={post} onDecided={onDecided} />
      </WithSwrAndToaster>,
    );
    const request = screen.getByRole("button", { name: "Request changes" }) as HTMLButtonElement;
    expect(request.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("What should change"), {
      target: { value: "Add prices." },
    });
    fireEvent.click(request);
    await findToast("Changes requested");
    expect(calls.find((c) => c.url.endsWith("/request-changes"))?.body).toEqual({
      note: "Add prices.",
    });
    fireEvent.click(screen.getByRole("button", { name: "Approve & publish" }));
    await findToast("Approved and published");
    expect(calls.find((c) => c.url.endsWith("/approve"))?.body).toEqual({});
    expect(onDecided).toHaveBeenCalledTimes(2);
  });
});

describe("the notes panel", () => {
  it("shows threads with their replies and adds a reply", async () => {
    let notes = [note("n1", "Look at the intro"), note("n2", "Done", "n1")];
    const calls = stubFetch(async (call) => {
      if (call.method === "GET") return json(200, notes);
      if (call.method === "POST") {
        const made = note("n3", (call.body as { body: string }).body, "n1");
        notes = [...notes, made];
        return json(201, made);
      }
      throw new Error(`unexpected ${call.method} ${call.url}`);
    });
    render(
      <WithSwrAndToaster>
        <NotesPanel postId="p1" />
      </WithSwrAndToaster>,
    );
    const list = await screen.findByRole("list", { name: "Notes" });
    expect(within(list).getByText("Look at the intro")).toBeTruthy();
    expect(within(list).getByText("Done")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Reply to Eddie Editor" }));
    fireEvent.change(screen.getByLabelText("Your reply to Eddie Editor"), {
      target: { value: "Thanks" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reply" }));
    expect(await within(list).findByText("Thanks")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      body: "Thanks",
      parentId: "n1",
    });
  });
});
