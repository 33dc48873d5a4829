// @vitest-environment happy-dom

import type { NewsletterIssue, PostNewsletter } from "@contracts/newsletter-issues.ts";
import type { Post } from "@contracts/posts.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { postSummaryFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { NewsletterPanel } from "./newsletter-panel.tsx";

cleanUpAfterEach();

const post = {
  ...postSummaryFixture(1, { id: "p1", status: "draft" }),
  content: "<p>Text</p>",
  metaTitle: null,
  metaDescription: null,
  keywords: [],
  tags: [],
  aiAssisted: false,
  version: 3,
  featureImageId: null,
  submittedAt: null,
  assigneeId: null,
  reviewedBy: null,
} satisfies Post;

const unsent: PostNewsletter = {
  available: true,
  sendByEmail: false,
  sendByDefault: false,
  subscribed: 12,
  issue: null,
};

const issue: NewsletterIssue = {
  id: "i1",
  number: 4,
  kind: "post",
  postId: "p1",
  subject: "Ten trail shoes",
  status: "sent",
  recipients: 12,
  error: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  startedAt: "2026-11-29T10:00:05.000Z",
  finishedAt: "2026-11-29T10:00:09.000Z",
  report: {
    sent: 12,
    delivered: 11,
    bounced: 1,
    deferred: 0,
    unknown: 0,
    unsubscribed: 2,
    affiliateClicks: 7,
    revenue: [],
  },
};

/** The panel over a server whose post newsletter starts as `start`; PUTs change it. */
function renderPanel(start: PostNewsletter, extra?: (call: Call) => Response | undefined) {
  let state = start;
  const calls = stubFetch(async (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url === "/api/posts/p1/newsletter" && call.method === "GET") return json(200, state);
    if (call.url === "/api/posts/p1/newsletter" && call.method === "PUT") {
      state = { ...state, sendByEmail: (call.body as { sendByEmail: boolean }).sendByEmail };
      return json(200, state);
    }
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
  const view = render(
    <WithSwrAndToaster>
      <NewsletterPanel post={post} />
    </WithSwrAndToaster>,
  );
  return { calls, view };
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === "PUT");

describe("the editor's newsletter panel", () => {
  it("saves 'Also send by e-mail' at once and says who gets it and when", async () => {
    const { calls } = renderPanel(unsent);
    const toggle = await screen.findByRole("switch", { name: "Also send by e-mail" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText(/To 12 subscribers\. It goes out when the post is published\./));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    expect(puts(calls).map((call) => call.body)).toEqual([{ sendByEmail: true }]);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect(puts(calls).map((call) => call.body)).toEqual([
      { sendByEmail: true },
      { sendByEmail: false },
    ]);
  });

  it("shows the server's refusal and keeps the saved choice", async () => {
    renderPanel(unsent, (call) =>
      call.method === "PUT"
        ? json(503, {
            code: "newsletter_unavailable",
            message: "This server sends no e-mail: set SMTP_URL and SMTP_FROM to send newsletters.",
          })
        : undefined,
    );
    const toggle = await screen.findByRole("switch", { name: "Also send by e-mail" });
    fireEvent.click(toggle);
    const shown = await findToast("E-mail choice not saved");
    expect(shown.textContent).toContain("set SMTP_URL");
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
  });

  it("disables the switch and the test send when the server has no SMTP", async () => {
    renderPanel({ ...unsent, available: false });
    const toggle = (await screen.findByRole("switch", {
      name: "Also send by e-mail",
    })) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText(/This server sends no e-mail/)).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Send a test to me" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("shows the issue a sent post went out as, with its report", async () => {
    renderPanel({ ...unsent, issue });
    expect(await screen.findByText("Sent as issue #4")).toBeTruthy();
    expect(screen.getByText("Sent")).toBeTruthy();
    expect(screen.queryByRole("switch")).toBeNull();
    const report = screen.getByLabelText("Issue report");
    const figures = Array.from(report.querySelectorAll("div")).map((row) => [
      row.querySelector("dt")?.textContent,
      row.querySelector("dd")?.textContent,
    ]);
    expect(figures).toEqual([
      ["Delivered", "11"],
      ["Bounced", "1"],
      ["Unsubscribed", "2"],
      ["Affiliate clicks", "7"],
    ]);
  });

  it("previews the e-mail in a sandboxed frame, and its plain text", async () => {
    renderPanel(unsent, (call) =>
      call.url === "/api/posts/p1/newsletter/preview"
        ? json(200, {
            subject: "Ten trail shoes",
            html: "<h1>Ten trail shoes</h1>",
            text: "TEN TRAIL SHOES in plain words",
          })
        : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Preview e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "E-mail preview" });
    const frame = (await within(dialog).findByTitle("E-mail as HTML")) as HTMLIFrameElement;
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe("<h1>Ten trail shoes</h1>");
    expect(within(dialog).getByText("Subject: Ten trail shoes")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Plain text" }));
    expect(within(dialog).getByText("TEN TRAIL SHOES in plain words")).toBeTruthy();
    expect(within(dialog).queryByTitle("E-mail as HTML")).toBeNull();
  });

  it("sends a test to the signed-in person and tells the address, or why not", async () => {
    let refuse = false;
    renderPanel(unsent, (call) =>
      call.url === "/api/posts/p1/newsletter/test"
        ? refuse
          ? json(429, {
              code: "rate_limited",
              message: "Too many test e-mails. Try again in an hour.",
            })
          : json(200, { sentTo: "olive@example.com" })
        : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Send a test to me" }));
    const sent = await findToast("Test e-mail sent");
    expect(sent.textContent).toContain("olive@example.com");
    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Send a test to me" }));
    await waitFor(() =>
      expect(document.body.textContent).toContain("Too many test e-mails. Try again in an hour."),
    );
    expect(document.body.textContent).toContain("Test e-mail not sent");
  });

  it("on a live post ticked to go out, shows its issue once the server made it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      stubFetch(async () => {
        reads += 1;
        return json(200, reads < 2 ? { ...unsent, sendByEmail: true } : { ...unsent, issue });
      });
      render(
        <WithSwrAndToaster>
          <NewsletterPanel post={{ ...post, status: "published" }} />
        </WithSwrAndToaster>,
      );
      expect(await screen.findByText(/The post is live/)).toBeTruthy();
      await vi.advanceTimersByTimeAsync(5500);
      expect(await screen.findByText("Sent as issue #4")).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks before sending a live post, and sends nothing when told not now", async () => {
    let state: PostNewsletter = { ...unsent, subscribed: 3 };
    const calls = stubFetch(async (call) => {
      if (call.method === "PUT") {
        state = { ...state, sendByEmail: (call.body as { sendByEmail: boolean }).sendByEmail };
      }
      return json(200, state);
    });
    render(
      <WithSwrAndToaster>
        <NewsletterPanel post={{ ...post, status: "published" }} />
      </WithSwrAndToaster>,
    );
    const toggle = await screen.findByRole("switch", { name: "Also send by e-mail" });
    fireEvent.click(toggle);
    const dialog = await screen.findByRole("alertdialog", {
      name: "Send this post by e-mail now?",
    });
    expect(dialog.textContent).toContain("it goes to 3 subscribers within a minute");
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(puts(calls)).toEqual([]);
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole("button", { name: "Send now" }));
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    expect(puts(calls).map((call) => call.body)).toEqual([{ sendByEmail: true }]);
  });

  it("ticks the blog's default once for a post begun in this editor, not for an older one", async () => {
    let state: PostNewsletter = { ...unsent, sendByDefault: true };
    const calls = stubFetch(async (call) => {
      if (call.method === "PUT") {
        state = { ...state, sendByEmail: (call.body as { sendByEmail: boolean }).sendByEmail };
      }
      return json(200, state);
    });
    const view = render(
      <WithSwrAndToaster>
        <NewsletterPanel post={null} />
      </WithSwrAndToaster>,
    );
    expect(calls).toEqual([]);
    view.rerender(
      <WithSwrAndToaster>
        <NewsletterPanel post={post} />
      </WithSwrAndToaster>,
    );
    const toggle = await screen.findByRole("switch", { name: "Also send by e-mail" });
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    expect(puts(calls).map((call) => call.body)).toEqual([{ sendByEmail: true }]);
    // Unticked, it stays unticked.
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect(puts(calls)).toHaveLength(2);
    view.unmount();

    // An existing post opened in the editor keeps what was saved.
    const before = puts(calls).length;
    render(
      <WithSwrAndToaster>
        <NewsletterPanel post={post} />
      </WithSwrAndToaster>,
    );
    const again = await screen.findByRole("switch", { name: "Also send by e-mail" });
    expect(again.getAttribute("aria-checked")).toBe("false");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(calls)).toHaveLength(before);
  });
});
