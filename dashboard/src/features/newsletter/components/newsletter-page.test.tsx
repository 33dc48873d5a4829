// @vitest-environment happy-dom

import type { BlogNewsletter, NewsletterIssue } from "@contracts/newsletter-issues.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SelectedBlogProvider } from "../../../lib/selected-blog-context.tsx";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { NewsletterPage } from "./newsletter-page.tsx";

cleanUpAfterEach();

const issue = (n: number, over: Partial<NewsletterIssue> = {}): NewsletterIssue => ({
  id: `i${n}`,
  number: n,
  kind: "post",
  postId: `p${n}`,
  subject: `Issue subject ${n}`,
  status: "sent",
  recipients: 40,
  error: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  startedAt: "2026-11-20T10:00:05.000Z",
  finishedAt: "2026-11-20T10:01:00.000Z",
  report: {
    sent: 40,
    delivered: 38,
    bounced: 2,
    deferred: 0,
    unknown: 0,
    unsubscribed: 1,
    affiliateClicks: 9,
    revenue: [
      { currency: "USD", amountMinor: 1250 },
      { currency: "JPY", amountMinor: 300 },
    ],
  },
  ...over,
});

const newsletterOf = (issues: NewsletterIssue[], available = true): BlogNewsletter => ({
  available,
  settings: { senderName: null, senderAddress: null, sendByDefault: false, weeklyDigest: true },
  subscribed: 41,
  issues,
});

function renderPage(answer: (call: Call) => Response) {
  const calls = stubFetch((call) => {
    if (call.url === "/api/blogs") return json(200, [blogFixture({ id: "b1", role: "editor" })]);
    return answer(call);
  });
  render(
    <WithSwrAndToaster>
      <MemoryRouter>
        <SelectedBlogProvider>
          <NewsletterPage />
        </SelectedBlogProvider>
      </MemoryRouter>
    </WithSwrAndToaster>,
  );
  return calls;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );

describe("NewsletterPage", () => {
  it("lists the issues with their reports and cancels one on its way after asking", async () => {
    let cancelled = false;
    const calls = renderPage((call) => {
      if (call.method === "POST" && call.url === "/api/newsletter-issues/i2/cancel") {
        cancelled = true;
        return json(200, issue(2, { status: "cancelled" }));
      }
      if (call.url === "/api/blogs/b1/newsletter") {
        return json(
          200,
          newsletterOf([
            issue(2, {
              kind: "digest",
              postId: null,
              subject: "This week on the trails",
              status: cancelled ? "cancelled" : "sending",
              finishedAt: null,
              report: { ...issue(2).report, revenue: [] },
            }),
            issue(1),
          ]),
        );
      }
      throw new Error(`unexpected ${call.method} ${call.url}`);
    });
    const table = await screen.findByRole("table", { name: "Issues" });
    const [digest, post] = rowsOf(table);
    expect(digest?.slice(0, 4)).toEqual([
      "2",
      "This week on the trails",
      "Weekly digest",
      "Sending",
    ]);
    expect(post?.slice(0, 4)).toEqual(["1", "Issue subject 1", "Post", "Sent"]);
    expect(post?.slice(5, 11)).toEqual(["40", "38", "2", "1", "9", "$12.50 · ¥300"]);
    expect(digest?.[10]).toBe("—");
    // Only the issue on its way can be cancelled.
    expect(within(table).getAllByRole("button").length).toBe(1);
    const confirmedSubscribers = screen.getByText("Confirmed subscribers").closest("div")
      ?.parentElement as HTMLElement;
    expect(within(confirmedSubscribers).getByText("41")).toBeTruthy();

    fireEvent.click(within(table).getByRole("button", { name: "Cancel issue #2" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel issue #2?" });
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel issue" }));
    await findToast("Issue cancelled");
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual([
      "/api/newsletter-issues/i2/cancel",
    ]);
    await waitFor(() => expect(rowsOf(table)[0]?.[3]).toBe("Cancelled"));
    expect(within(table).queryByRole("button")).toBeNull();
  });

  it("tells why an issue could not be cancelled", async () => {
    renderPage((call) => {
      if (call.method === "POST") {
        return json(409, {
          code: "conflict",
          message: "This issue has finished sending; it cannot be cancelled.",
        });
      }
      return json(200, newsletterOf([issue(3, { status: "queued" })]));
    });
    const table = await screen.findByRole("table", { name: "Issues" });
    fireEvent.click(within(table).getByRole("button", { name: "Cancel issue #3" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel issue" }));
    const shown = await findToast("Error");
    expect(shown.textContent).toContain("it cannot be cancelled");
  });

  it("says when the server sends no e-mail, and when nothing was sent yet", async () => {
    renderPage(() => json(200, newsletterOf([], false)));
    expect(await screen.findByText(/This server sends no e-mail yet/)).toBeTruthy();
    expect(screen.getByText(/No issues yet/)).toBeTruthy();
  });
});
