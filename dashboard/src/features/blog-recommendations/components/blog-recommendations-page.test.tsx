// @vitest-environment happy-dom

import type { Blog } from "@contracts/blogs.ts";
import type { BlogRecommendation } from "@contracts/recommendations.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { SelectedBlogProvider, useSelectedBlog } from "../../../lib/selected-blog-context.tsx";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { BlogRecommendationsPage } from "./blog-recommendations-page.tsx";

const idea = (over: Partial<BlogRecommendation>): BlogRecommendation => ({
  id: "r1",
  status: "pending",
  suggestedName: "Balcony Harvest",
  suggestedNiche: "Small-space vegetable gardening",
  suggestedDomain: "balconyharvest.com",
  targetAudience: "City dwellers with a balcony.",
  monetizationPotential: "Containers, grow lights and seeds.",
  marketOpportunity: "Urban gardening searches grow every spring.",
  contentStrategy: "Step-by-step growing guides per crop.",
  suggestedTopics: ["Best vegetables for a balcony", "Grow lights for herbs"],
  reasoning: "Few sites focus on small spaces.",
  createdBlogId: null,
  autoApproved: false,
  source: "ai",
  createdAt: "2026-03-01T09:00:00.000Z",
  ...over,
});

const newBlog = blogFixture({
  id: "b-new",
  name: "Balcony Harvest",
  description: "Step-by-step growing guides per crop.",
  slug: "balcony-harvest",
  primaryColor: "#2563eb",
  createdAt: "2026-03-02T09:00:00.000Z",
});

type Answer = Response | Promise<Response>;

/** The selected blog as the header would show it. */
function SelectedName() {
  const { selectedBlog } = useSelectedBlog();
  return <output aria-label="Selected blog">{selectedBlog?.name ?? "none"}</output>;
}

function renderPage(routes: {
  ideas?: () => Answer;
  blogs?: () => Answer;
  settings?: () => Answer;
  other?: (call: Call) => Answer;
}) {
  const calls = stubFetch((call) => {
    const { url } = call;
    if (call.method === "GET" && url === "/api/blog-recommendations")
      return routes.ideas ? routes.ideas() : json(200, []);
    if (call.method === "GET" && url === "/api/blogs")
      return routes.blogs ? routes.blogs() : json(200, []);
    if (call.method === "GET" && url === "/api/account/settings")
      return routes.settings ? routes.settings() : json(200, { maximumTrust: false });
    if (routes.other) return routes.other(call);
    return json(404, { code: "not_found", message: "Not here" });
  });
  render(
    <WithSwrAndToaster>
      <SelectedBlogProvider>
        <SelectedName />
        <BlogRecommendationsPage />
      </SelectedBlogProvider>
    </WithSwrAndToaster>,
  );
  return calls;
}

const group = (name: RegExp | string) => screen.getByRole("region", { name });
const card = (name: string) => screen.getByRole("article", { name });

/** A response the test hands out when it chooses. */
function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => localStorage.clear());
cleanUpAfterEach();

describe("AI Blog Recommendations screen", () => {
  it("works without any blog and says ideas come weekly when there are none", async () => {
    renderPage({});
    expect(screen.getByRole("heading", { level: 1, name: "AI Blog Recommendations" })).toBeTruthy();
    expect(screen.getByText("Loading recommendations...").getAttribute("role")).toBe("status");
    const empty = await screen.findByRole("heading", { name: "No Recommendations Yet" });
    expect(empty.parentElement?.textContent).toMatch(/proposes new blog ideas every week/);
    expect(screen.queryByText("No Blog Selected")).toBeNull();
    const trust = await screen.findByRole("switch", { name: "Maximum Trust Mode" });
    await waitFor(() => expect((trust as HTMLButtonElement).disabled).toBe(false));
    expect(trust.getAttribute("aria-checked")).toBe("false");
    expect(trust.getAttribute("aria-describedby")).toBeTruthy();
  });

  it("shows the three groups: pending with every section, approved with four topics, rejected dimmed", async () => {
    renderPage({
      ideas: () =>
        json(200, [
          idea({ id: "p1" }),
          idea({ id: "p2", suggestedName: "Trail Ready", source: "offline" }),
          idea({
            id: "a1",
            status: "approved",
            suggestedName: "Home Office Setup Lab",
            suggestedTopics: ["Desks", "Chairs", "Monitors", "Cables", "Lighting", "Webcams"],
            autoApproved: true,
            createdBlogId: "b9",
          }),
          idea({
            id: "x1",
            status: "rejected",
            suggestedName: "Pet Nutrition Notes",
            reasoning: "A long reasoning that goes on. ".repeat(10),
          }),
        ]),
    });
    const pending = await screen.findByRole("region", { name: "Pending Recommendations 2" });
    const balcony = within(pending).getByRole("article", { name: "Balcony Harvest" });
    for (const text of [
      "Small-space vegetable gardening",
      "balconyharvest.com",
      "City dwellers with a balcony.",
      "Containers, grow lights and seeds.",
      "Urban gardening searches grow every spring.",
      "Step-by-step growing guides per crop.",
      "Grow lights for herbs",
      "Few sites focus on small spaces.",
    ])
      expect(balcony.textContent).toContain(text);
    expect(
      within(balcony)
        .getAllByRole("heading", { level: 4 })
        .map((h) => h.textContent),
    ).toEqual([
      "Target Audience",
      "Monetization Potential",
      "Market Opportunity",
      "Content Strategy",
      "Suggested Topics",
      "AI Reasoning",
    ]);
    expect(within(balcony).getByRole("button", { name: "Approve & Create Blog" })).toBeTruthy();
    expect(within(balcony).getByRole("button", { name: "Reject" })).toBeTruthy();
    expect(within(balcony).queryByText("Offline suggestion")).toBeNull();
    expect(within(card("Trail Ready")).getByText("Offline suggestion")).toBeTruthy();

    const approved = group("AI Auto-Created Blogs (Maximum Trust Mode) 1");
    const office = within(approved).getByRole("article", { name: "Home Office Setup Lab" });
    expect(
      within(office)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Desks", "Chairs", "Monitors", "Cables", "+2 more"]);
    expect(office.textContent).toContain("Blog created with automation enabled");
    expect(office.textContent).toContain("Created by AI");
    expect(within(office).queryByRole("button")).toBeNull();

    const rejected = group("Rejected 1");
    const pet = within(rejected).getByRole("article", { name: "Pet Nutrition Notes" });
    expect(pet.hasAttribute("data-dimmed")).toBe(true);
    expect(within(pet).getByText(/A long reasoning/).className).toContain("line-clamp-2");
    expect(within(pet).queryByRole("button")).toBeNull();
  });

  it("approves: 'Creating Blog...' with both buttons disabled, then the blog exists, is selected and the idea is approved", async () => {
    const answer = deferred();
    let blogs: Blog[] = [];
    let ideas = [idea({ id: "p1" })];
    const calls = renderPage({
      ideas: () => json(200, ideas),
      blogs: () => json(200, blogs),
      other: (call) =>
        call.url === "/api/blog-recommendations/p1/approve" ? answer.promise : json(404, {}),
    });
    const balcony = await screen.findByRole("article", { name: "Balcony Harvest" });
    fireEvent.click(within(balcony).getByRole("button", { name: "Approve & Create Blog" }));
    const creating = await within(balcony).findByRole("button", { name: "Creating Blog..." });
    expect((creating as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(balcony).getByRole("button", { name: "Reject" }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const approvedIdea = idea({ id: "p1", status: "approved", createdBlogId: newBlog.id });
    blogs = [newBlog];
    ideas = [approvedIdea];
    answer.resolve(json(200, { recommendation: approvedIdea, blog: newBlog }));

    const toast = await findToast("Blog Created Successfully!");
    expect(toast.textContent).toContain("Balcony Harvest is now your selected blog");
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Selected blog" }).textContent).toBe(
        "Balcony Harvest",
      ),
    );
    expect(localStorage.getItem("selectedBlogId")).toBe(newBlog.id);
    const approved = await screen.findByRole("region", {
      name: "AI Auto-Created Blogs (Maximum Trust Mode) 1",
    });
    expect(within(approved).getByText("Approved by you")).toBeTruthy();
    expect(group("Pending Recommendations 0").textContent).toContain("Nothing waiting for review");
    // The blog list was asked for again, so the header switcher lists the new blog from the server.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/blogs").length).toBeGreaterThanOrEqual(2),
    );
  });

  it("tells why an approval failed, with the server's message, and keeps the idea pending", async () => {
    renderPage({
      ideas: () => json(200, [idea({ id: "p1" })]),
      other: () =>
        json(409, { code: "already_decided", message: "This idea was already rejected." }),
    });
    const balcony = await screen.findByRole("article", { name: "Balcony Harvest" });
    fireEvent.click(within(balcony).getByRole("button", { name: "Approve & Create Blog" }));
    const toast = await findToast("Approval Failed");
    expect(toast.textContent).toContain("This idea was already rejected.");
    const again = await within(balcony).findByRole("button", { name: "Approve & Create Blog" });
    expect((again as HTMLButtonElement).disabled).toBe(false);
  });

  it("rejects: 'Rejecting...' while it runs, then the idea is in the rejected group", async () => {
    const answer = deferred();
    let ideas = [idea({ id: "p1" }), idea({ id: "p2", suggestedName: "Trail Ready" })];
    renderPage({
      ideas: () => json(200, ideas),
      other: (call) =>
        call.url === "/api/blog-recommendations/p2/reject" ? answer.promise : json(404, {}),
    });
    const trail = await screen.findByRole("article", { name: "Trail Ready" });
    fireEvent.click(within(trail).getByRole("button", { name: "Reject" }));
    const rejecting = await within(trail).findByRole("button", { name: "Rejecting..." });
    expect((rejecting as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(trail).getByRole("button", { name: "Approve & Create Blog" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    // The other card stays usable.
    expect(
      (
        within(card("Balcony Harvest")).getByRole("button", {
          name: "Approve & Create Blog",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);

    const rejected = idea({ id: "p2", suggestedName: "Trail Ready", status: "rejected" });
    ideas = [idea({ id: "p1" }), rejected];
    answer.resolve(json(200, rejected));
    await findToast("Recommendation Rejected");
    const group1 = await screen.findByRole("region", { name: "Rejected 1" });
    expect(within(group1).getByRole("article", { name: "Trail Ready" })).toBeTruthy();
    expect(group("Pending Recommendations 1")).toBeTruthy();
  });

  it("says 'Rejection Failed' with a fallback when the server gives no message", async () => {
    renderPage({
      ideas: () => json(200, [idea({ id: "p1" })]),
      other: () => new Response("Bad gateway", { status: 502 }),
    });
    const balcony = await screen.findByRole("article", { name: "Balcony Harvest" });
    fireEvent.click(within(balcony).getByRole("button", { name: "Reject" }));
    const toast = await findToast("Rejection Failed");
    // Issue 16: the fallback is the product's own sentence.
    expect(toast.textContent).toContain("Failed to reject blog recommendation");
  });

  it("generates ideas now and shows them as pending", async () => {
    const answer = deferred();
    let ideas: BlogRecommendation[] = [];
    const calls = renderPage({
      ideas: () => json(200, ideas),
      other: (call) =>
        call.method === "POST" && call.url === "/api/blog-recommendations/generate"
          ? answer.promise
          : json(404, {}),
    });
    await screen.findByRole("heading", { name: "No Recommendations Yet" });
    fireEvent.click(screen.getByRole("button", { name: "Generate ideas now" }));
    const busy = await screen.findByRole("button", { name: "Generating ideas..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    ideas = [idea({ id: "n1", source: "offline" })];
    answer.resolve(json(201, ideas));
    const toast = await findToast("New Ideas Ready");
    expect(toast.textContent).toContain("1 new blog idea is waiting for your review.");
    expect(toast.textContent).toContain("no AI provider is set");
    expect(await screen.findByRole("region", { name: "Pending Recommendations 1" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("says so when generation finds nothing new, and when it fails", async () => {
    let answer = json(201, []);
    renderPage({ other: () => answer });
    await screen.findByRole("heading", { name: "No Recommendations Yet" });
    fireEvent.click(screen.getByRole("button", { name: "Generate ideas now" }));
    await findToast("No New Ideas");
    answer = json(429, { code: "rate_limited", message: "Daily AI allowance used up." });
    fireEvent.click(await screen.findByRole("button", { name: "Generate ideas now" }));
    const toast = await findToast("Generation Failed");
    expect(toast.textContent).toContain("Daily AI allowance used up.");
  });

  it("shows a load error with Retry that loads again", async () => {
    let fail = true;
    renderPage({
      ideas: () => (fail ? new Response("boom", { status: 500 }) : json(200, [idea({})])),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to Load Recommendations");
    expect(alert.textContent).toContain("Your blog ideas could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article", { name: "Balcony Harvest" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("switches maximum trust mode on with PATCH and a toast, and back when saving fails", async () => {
    let fail = false;
    const calls = renderPage({
      other: (call) =>
        call.method === "PATCH" && call.url === "/api/account/settings"
          ? fail
            ? json(500, { code: "internal", message: "Could not save right now." })
            : json(200, call.body)
          : json(404, {}),
    });
    const trust = await screen.findByRole("switch", { name: "Maximum Trust Mode" });
    await waitFor(() => expect((trust as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(trust);
    const on = await findToast("Maximum Trust Mode On");
    expect(on.textContent).toContain("at most one new blog per week");
    expect(trust.getAttribute("aria-checked")).toBe("true");
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ maximumTrust: true });

    fail = true;
    await waitFor(() => expect((trust as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(trust);
    const failed = await findToast("Update Failed");
    expect(failed.textContent).toContain("Could not save right now.");
    await waitFor(() => expect(trust.getAttribute("aria-checked")).toBe("true"));
  });
});
