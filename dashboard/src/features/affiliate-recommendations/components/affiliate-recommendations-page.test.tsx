// @vitest-environment happy-dom

import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import useSWR from "swr";
import { describe, expect, it } from "vitest";
import { affiliateRecommendationFixture, blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { AffiliateRecommendationsScreen } from "./affiliate-recommendations-page.tsx";

const blog = blogFixture({ name: "Trail Notes", slug: "trail-notes" });
const rec = affiliateRecommendationFixture;

type Answer = Response | undefined | Promise<Response | undefined>;

const listUrl = "/api/blogs/b1/affiliate-recommendations";
const linksUrl = "/api/blogs/b1/affiliate-links";

/**
 * A small in-memory API behind `fetch`: the list, decisions (409 unless pending), 'Find
 * programs' and link creation. `override` answers a call first when it returns something.
 */
function serve(initial: AffiliateRecommendation[], override?: (call: Call) => Answer) {
  let recs = [...initial];
  let fresh: AffiliateRecommendation[] = [];
  const calls = stubFetch(async (call) => {
    const { url } = call;
    const answer = await override?.(call);
    if (answer) return answer;
    if (call.method === "GET" && url === listUrl) return json(200, recs);
    if (call.method === "GET" && url === linksUrl) return json(200, []);
    // Keywords for a link, from the blog's posts (decision 354).
    if (call.method === "GET" && /^\/api\/affiliate-recommendations\/\w+\/keywords$/.test(url))
      return json(200, { keywords: ["trail running shoes", "hydration vest"] });
    const patch = /^\/api\/affiliate-recommendations\/(\w+)$/.exec(url);
    if (call.method === "PATCH" && patch) {
      const found = recs.find((r) => r.id === patch[1]);
      if (!found) return json(404, { code: "not_found", message: "Recommendation not found" });
      if (found.status !== "pending") {
        return json(409, { code: "already_decided", message: `Already ${found.status}.` });
      }
      const decided = { ...found, status: (call.body as { status: "approved" }).status };
      recs = recs.map((r) => (r.id === decided.id ? decided : r));
      return json(200, decided);
    }
    if (call.method === "POST" && url === `${listUrl}/generate`) {
      recs = [...fresh, ...recs];
      const found = fresh;
      fresh = [];
      return json(201, found);
    }
    if (call.method === "POST" && url === "/api/affiliate-links") {
      const body = call.body as { keyword: string; url: string; autoInsert: boolean };
      return json(201, { id: "l1", blogId: "b1", clicks: 0, createdAt: "", ...body });
    }
    throw new Error(`unexpected ${call.method} ${url}`);
  });
  return {
    calls,
    /** What the next 'Find programs' finds. */
    willFind: (more: AffiliateRecommendation[]) => {
      fresh = more;
    },
    set: (next: AffiliateRecommendation[]) => {
      recs = next;
    },
  };
}

/** Reads the Affiliate Links list like that screen does, to see it refreshed. */
function LinksReader() {
  useSWR(linksUrl);
  return null;
}

function renderScreen() {
  render(
    <WithSwrAndToaster>
      <AffiliateRecommendationsScreen blog={blog} />
      <LinksReader />
    </WithSwrAndToaster>,
  );
}

const card = (name: string) => screen.getByRole("article", { name });
/** A counter's value (`hidden`: also while a modal dialog hides the page). */
const countOf = (title: string, hidden = false) =>
  (
    screen.getByRole("heading", { level: 3, name: title, hidden }).closest("section") as HTMLElement
  ).querySelector("p")?.textContent;

/** Holds a call until `open()`; it is then answered as usual. */
function gate() {
  let open: () => void = () => {};
  const promise = new Promise<undefined>((r) => {
    open = () => r(undefined);
  });
  return { promise, open };
}

cleanUpAfterEach();

describe("AffiliateRecommendationsScreen", () => {
  it("shows the counters and every field of a pending card", async () => {
    serve([
      rec("a", {
        programName: "REI Affiliate Program",
        category: "Outdoor gear",
        description: "Outdoor clothing and equipment.",
        commissionRate: "5%",
        reasoning: "Your readers hike.",
        signupUrl: "https://www.rei.com/affiliate",
      }),
      rec("b", { programName: "Awin" }),
      rec("c", { status: "approved", programName: "Etsy" }),
      rec("d", { status: "rejected" }),
      rec("e", { status: "rejected" }),
    ]);
    renderScreen();
    expect(screen.getByRole("status").textContent).toBe("Loading recommendations...");
    const rei = within(await screen.findByRole("article", { name: "REI Affiliate Program" }));
    expect(countOf("Pending")).toBe("2");
    expect(countOf("Approved")).toBe("1");
    expect(countOf("Rejected")).toBe("2");

    expect(rei.getByText("Outdoor gear")).toBeTruthy();
    expect(rei.getByText("Outdoor clothing and equipment.")).toBeTruthy();
    expect(rei.getByText("5%")).toBeTruthy();
    expect(rei.getByText("Why this program:")).toBeTruthy();
    expect(rei.getByText("Your readers hike.")).toBeTruthy();
    expect(rei.getByRole("button", { name: "Approve Program" })).toBeTruthy();
    expect(rei.getByRole("button", { name: "Reject" })).toBeTruthy();
    const visit = rei.getByRole("link", { name: /^Visit Program/ });
    expect(visit.getAttribute("href")).toBe("https://www.rei.com/affiliate");
    expect(visit.getAttribute("target")).toBe("_blank");
    expect(visit.getAttribute("rel")).toBe("noopener noreferrer");

    // Without a commission or a reasoning, those lines are left out.
    const awin = within(card("Awin"));
    expect(awin.queryByText(/Commission/)).toBeNull();
    expect(awin.queryByText("Why this program:")).toBeNull();

    // Only pending ones are cards; approved ones are listed to link them later.
    expect(screen.getAllByRole("article")).toHaveLength(2);
    const approved = screen.getByRole("region", { name: "Approved Programs" });
    expect(within(approved).getByRole("heading", { name: "Etsy" })).toBeTruthy();
  });

  it("shows the spec's note when nothing is pending", async () => {
    serve([rec("a", { status: "rejected" })]);
    renderScreen();
    expect(
      await screen.findByText(
        "No pending affiliate program recommendations. AI will suggest programs based on your blog's niche and content.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Approved Programs" })).toBeNull();
    expect(countOf("Rejected")).toBe("1");
  });

  it("approves with the buttons disabled meanwhile, then offers a prefilled link and creates it", async () => {
    const patch = gate();
    const { calls } = serve(
      [rec("a", { programName: "REI Affiliate Program", signupUrl: "https://www.rei.com/aff" })],
      (call) => (call.method === "PATCH" ? patch.promise : undefined),
    );
    renderScreen();
    const rei = within(await screen.findByRole("article", { name: "REI Affiliate Program" }));
    fireEvent.click(rei.getByRole("button", { name: "Approve Program" }));
    await waitFor(() =>
      expect(rei.getByRole("button", { name: "Approving..." }).hasAttribute("disabled")).toBe(true),
    );
    expect(rei.getByRole("button", { name: "Reject" }).hasAttribute("disabled")).toBe(true);
    expect(calls.at(-1)).toEqual({
      url: "/api/affiliate-recommendations/a",
      method: "PATCH",
      body: { status: "approved" },
    });
    patch.open();

    const toast = await findToast("Success");
    expect(toast.textContent).toContain("REI Affiliate Program was approved.");
    const dialog = within(await screen.findByRole("dialog", { name: "Create an affiliate link" }));
    // The best keyword from the blog's posts, not the program's name; the others to pick.
    expect((dialog.getByLabelText("Keyword") as HTMLInputElement).value).toBe(
      "trail running shoes",
    );
    const choices = within(dialog.getByRole("group", { name: "Keywords from your posts" }));
    fireEvent.click(choices.getByRole("button", { name: "hydration vest" }));
    expect((dialog.getByLabelText("Keyword") as HTMLInputElement).value).toBe("hydration vest");
    expect(
      choices.getByRole("button", { name: "hydration vest" }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect((dialog.getByLabelText("Target URL") as HTMLInputElement).value).toBe(
      "https://www.rei.com/aff",
    );
    expect(dialog.getByRole("switch", { name: "Auto-Insert" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    // Behind the dialog, the card has left the pending list and the counters moved.
    await waitFor(() => expect(screen.queryByRole("article", { hidden: true })).toBeNull());
    expect(countOf("Approved", true)).toBe("1");
    expect(countOf("Pending", true)).toBe("0");

    const linkReads = () => calls.filter((c) => c.method === "GET" && c.url === linksUrl).length;
    const readsBefore = linkReads();
    fireEvent.change(dialog.getByLabelText("Keyword"), { target: { value: "  REI  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Create link" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: "/api/affiliate-links",
      method: "POST",
      body: { blogId: "b1", keyword: "REI", url: "https://www.rei.com/aff", autoInsert: true },
    });
    const created = await findToast("Link created");
    expect(created.textContent).toContain("“REI” will be linked in published posts.");
    expect(linkReads()).toBeGreaterThan(readsBefore);
  });

  it("'Not now' closes the offer without a link; 'Create link' on an approved program offers it again", async () => {
    const { calls } = serve([rec("a", { programName: "Awin" })]);
    renderScreen();
    fireEvent.click(
      within(await screen.findByRole("article", { name: "Awin" })).getByRole("button", {
        name: "Approve Program",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Create an affiliate link" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.url === "/api/affiliate-links")).toBe(false);

    const approved = within(await screen.findByRole("region", { name: "Approved Programs" }));
    fireEvent.click(approved.getByRole("button", { name: "Create link" }));
    const again = within(await screen.findByRole("dialog", { name: "Create an affiliate link" }));
    expect((again.getByLabelText("Keyword") as HTMLInputElement).value).toBe("trail running shoes");
  });

  it("keeps the link dialog open with the reasons when the link is refused", async () => {
    serve([rec("a", { programName: "Awin", status: "approved" })], (call) => {
      if (call.method !== "POST") return undefined;
      const body = call.body as { keyword: string };
      return body.keyword === "trail running shoes"
        ? json(409, {
            code: "keyword_taken",
            message:
              "This blog already has an affiliate link for “trail running shoes”. Edit that link instead.",
          })
        : json(400, {
            code: "validation_failed",
            message: "url: URL must be an absolute http(s) address",
            issues: [{ path: "url", message: "URL must be an absolute http(s) address" }],
          });
    });
    renderScreen();
    fireEvent.click(await screen.findByRole("button", { name: "Create link" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create an affiliate link" }));
    const keyword = dialog.getByLabelText("Keyword") as HTMLInputElement;
    const url = dialog.getByLabelText("Target URL") as HTMLInputElement;

    // Blank fields never reach the server.
    fireEvent.change(url, { target: { value: "  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Create link" }));
    const blank = await findToast("Required fields missing");
    expect(blank.textContent).toContain("Please enter both keyword and URL.");
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(url);

    // A keyword the blog already links: the server's message, under the keyword too.
    fireEvent.change(url, { target: { value: "https://www.awin.com/" } });
    fireEvent.click(dialog.getByRole("button", { name: "Create link" }));
    const taken = await findToast("Error");
    expect(taken.textContent).toContain("already has an affiliate link for “trail running shoes”");
    await waitFor(() => expect(keyword.getAttribute("aria-invalid")).toBe("true"));
    expect(
      dialog.getByText(/already has an affiliate link for “trail running shoes”/),
    ).toBeTruthy();

    // A URL the server refuses: its reason under the URL.
    fireEvent.change(keyword, { target: { value: "awin network" } });
    fireEvent.change(url, { target: { value: "javascript:alert(1)" } });
    fireEvent.click(dialog.getByRole("button", { name: "Create link" }));
    await waitFor(() => expect(url.getAttribute("aria-invalid")).toBe("true"));
    expect(dialog.getByText("URL must be an absolute http(s) address")).toBeTruthy();
    expect(keyword.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("rejects: 'Success', the card leaves and no link is offered", async () => {
    serve([rec("a", { programName: "Awin" }), rec("b", { programName: "Impact" })]);
    renderScreen();
    fireEvent.click(
      within(await screen.findByRole("article", { name: "Awin" })).getByRole("button", {
        name: "Reject",
      }),
    );
    const toast = await findToast("Success");
    expect(toast.textContent).toContain("Awin was rejected.");
    await waitFor(() => expect(screen.queryByRole("article", { name: "Awin" })).toBeNull());
    expect(card("Impact")).toBeTruthy();
    expect(countOf("Rejected")).toBe("1");
    expect(countOf("Pending")).toBe("1");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's reason for a refused decision and refreshes the list", async () => {
    const server = serve([rec("a", { programName: "Awin" })]);
    renderScreen();
    await screen.findByRole("article", { name: "Awin" });
    // Decided meanwhile in another tab.
    server.set([rec("a", { programName: "Awin", status: "rejected" })]);
    fireEvent.click(screen.getByRole("button", { name: "Approve Program" }));
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Already rejected.");
    expect(toast.dataset.variant).toBe("destructive");
    await waitFor(() => expect(screen.queryByRole("article")).toBeNull());
    expect(countOf("Rejected")).toBe("1");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("falls back to 'Failed to update recommendation' without a server message", async () => {
    serve([rec("a", { programName: "Awin" })], (call) =>
      call.method === "PATCH" ? new Response("Bad Gateway", { status: 502 }) : undefined,
    );
    renderScreen();
    fireEvent.click(
      within(await screen.findByRole("article", { name: "Awin" })).getByRole("button", {
        name: "Reject",
      }),
    );
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Failed to update recommendation");
    expect(
      within(card("Awin")).getByRole("button", { name: "Reject" }).hasAttribute("disabled"),
    ).toBe(false);
  });

  it("'Find programs' is busy while it runs, then names how many were found", async () => {
    const generate = gate();
    const server = serve([], (call) =>
      call.url.endsWith("/generate") ? generate.promise : undefined,
    );
    renderScreen();
    await screen.findByText(/No pending affiliate program recommendations/);
    fireEvent.click(screen.getByRole("button", { name: "Find programs" }));
    const busy = await screen.findByRole("button", { name: "Finding programs..." });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({
      url: "/api/blogs/b1/affiliate-recommendations/generate",
      method: "POST",
    });
    server.willFind([rec("n1", { programName: "Awin" }), rec("n2", { programName: "Impact" })]);
    generate.open();
    const toast = await findToast("Programs found");
    expect(toast.textContent).toContain("2 new affiliate programs to review for Trail Notes.");
    expect(await screen.findByRole("article", { name: "Awin" })).toBeTruthy();
    expect(card("Impact")).toBeTruthy();
    expect(countOf("Pending")).toBe("2");
    expect(screen.getByRole("button", { name: "Find programs" }).hasAttribute("disabled")).toBe(
      false,
    );
  });

  it("'Find programs' says so when nothing new was found, and shows the server's error", async () => {
    let fail = false;
    serve([], (call) => {
      if (!call.url.endsWith("/generate")) return undefined;
      return fail
        ? json(429, { code: "ai_rate_limited", message: "The AI provider is busy. Try again." })
        : json(201, []);
    });
    renderScreen();
    fireEvent.click(await screen.findByRole("button", { name: "Find programs" }));
    const none = await findToast("No new programs");
    expect(none.textContent).toContain("has already been suggested");
    fail = true;
    fireEvent.click(await screen.findByRole("button", { name: "Find programs" }));
    const error = await findToast("Error");
    expect(error.textContent).toContain("The AI provider is busy. Try again.");
    expect(error.dataset.variant).toBe("destructive");
  });

  it("shows a load failure with Retry, which loads the list", async () => {
    let down = true;
    serve([rec("a", { programName: "Awin" })], (call) =>
      down && call.url === listUrl
        ? json(500, { code: "internal", message: "Something went wrong on our side." })
        : undefined,
    );
    renderScreen();
    const alert = within(await screen.findByRole("alert"));
    expect(alert.getByRole("heading", { name: "Failed to load recommendations" })).toBeTruthy();
    expect(alert.getByText("Something went wrong on our side.")).toBeTruthy();
    down = false;
    fireEvent.click(alert.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article", { name: "Awin" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
