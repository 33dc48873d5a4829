// @vitest-environment happy-dom

import type { AutomationSettings } from "@contracts/automation.ts";
import type { Blog } from "@contracts/blogs.ts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { swrConfig } from "../../../lib/swr-config.ts";
import { automationFixture } from "../../../test/factories.ts";
import { PerformanceReport } from "./performance-page.tsx";

const blog = { id: "b1", name: "Balcony Gardens" } as Blog;
const day = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const post = (status: string, createdAt: string, publishedAt: string | null = null) => ({
  id: createdAt + status,
  status,
  createdAt,
  publishedAt,
});

const automation = (over: Partial<AutomationSettings> = {}): AutomationSettings =>
  automationFixture({
    niche: null,
    postingFrequency: "weekly",
    postsPerWeek: 3,
    autoPublish: true,
    ...over,
  });

/** What the API answers for a blog whose automation was never saved (decision 354). */
const neverSaved = automation({ configured: false, enabled: false, topics: [] });

function renderReport(answers: Record<string, unknown>) {
  const answered: Record<string, unknown> = { "/api/blogs/b1/automation": neverSaved, ...answers };
  vi.stubGlobal("fetch", async (url: string) =>
    url in answered
      ? Response.json(answered[url])
      : Response.json({ code: "not_found" }, { status: 404 }),
  );
  mountReport();
}

function mountReport() {
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <MemoryRouter>
        <PerformanceReport blog={blog} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** A metric card's value, found by its title. */
const metric = (title: string) =>
  screen
    .getByRole("heading", { level: 3, name: title })
    .closest('[data-slot="card"]')
    ?.querySelector("p")?.textContent;

/** A figure in a description list, found by its term. */
const figure = (region: string, term: string) =>
  within(screen.getByRole("region", { name: region })).getByText(term, { selector: "dt" })
    .nextElementSibling?.textContent;

const days = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2030, 2, i + 1)).toISOString().slice(0, 10),
  clicks: i === 29 ? 3 : 0,
  uniqueClicks: i === 29 ? 2 : 0,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Performance report", () => {
  it("shows the blog's numbers, and the way to Settings while automation is off", async () => {
    renderReport({
      "/api/blogs/b1/posts": [
        post("published", ago(1000), ago(500)),
        post("draft", ago(2 * day)),
        post("under_review", ago(10 * day)),
        post("published", ago(40 * day), ago(39 * day)),
      ],
      "/api/blogs/b1/affiliate-recommendations": [
        { status: "pending" },
        { status: "pending" },
        { status: "approved" },
        { status: "rejected" },
        { status: "pending" },
      ],
      "/api/blogs/b1/affiliate-clicks": { days },
    });
    await waitFor(() => expect(metric("This Week")).toBe("2"));
    expect(metric("This Month")).toBe("3");
    expect(metric("Published")).toBe("2");
    expect(metric("Drafts")).toBe("1");
    await waitFor(() => expect(figure("AI Affiliate Recommendations", "Pending")).toBe("3"));
    expect(figure("AI Affiliate Recommendations", "Approved")).toBe("1");
    expect(figure("AI Affiliate Recommendations", "Rejected")).toBe("1");
    expect(figure("Content Overview", "Total Posts")).toBe("4");
    expect(figure("Content Overview", "Publish Rate")).toBe("50%");
    expect(screen.queryByText("Topics Configured")).toBeNull();

    const status = screen.getByRole("region", { name: "Content Automation" });
    expect(await within(status).findByText("Inactive")).toBeTruthy();
    expect(
      within(status).getByText("Enable automation in Settings to start generating content"),
    ).toBeTruthy();
    expect(within(status).getByRole("link", { name: "Open Settings" }).getAttribute("href")).toBe(
      "/settings",
    );

    const published = screen.getByRole("img", { name: /published in the last 12 weeks/ });
    expect(published.getAttribute("aria-label")).toMatch(/^2 posts published in the last 12 weeks/);
    expect(published.querySelectorAll("rect")).toHaveLength(12);
    const clicks = await screen.findByRole("img", { name: /clicks in the last 30 days/ });
    expect(clicks.getAttribute("aria-label")).toMatch(
      /^3 clicks in the last 30 days; the busiest day was Mar 30/,
    );
    expect(clicks.querySelectorAll("rect")).toHaveLength(30);
    const clickRows = within(screen.getByRole("region", { name: "Affiliate Clicks" })).getAllByRole(
      "row",
    );
    expect(clickRows).toHaveLength(31);
    expect(clickRows.at(-1)?.textContent).toBe("Mar 3032");
  });

  it("shows when automation last wrote and how often, and the topics configured", async () => {
    const lastGeneratedAt = new Date(2025, 2, 5, 14, 30).toISOString();
    renderReport({
      "/api/blogs/b1/posts": [],
      "/api/blogs/b1/automation": automation({ lastGeneratedAt }),
      "/api/blogs/b1/affiliate-recommendations": [],
      "/api/blogs/b1/affiliate-clicks": { days },
    });
    const status = screen.getByRole("region", { name: "Content Automation" });
    expect(await within(status).findByText("Active")).toBeTruthy();
    expect(figure("Content Automation", "Last generated")).toBe("Mar 5, 2025 at 2:30 PM");
    expect(figure("Content Automation", "Schedule")).toBe("Weekly, 3 posts per week");
    expect(within(status).queryByText(/Enable automation in Settings/)).toBeNull();
    await waitFor(() => expect(figure("Content Overview", "Publish Rate")).toBe("0%"));
    expect(figure("Content Overview", "Total Posts")).toBe("0");
    expect(figure("Content Overview", "Topics Configured")).toBe("2");
    expect(metric("This Week")).toBe("0");
  });

  it("says so when posts cannot be read, and offers Retry", async () => {
    vi.stubGlobal("fetch", async () => new Response("boom", { status: 500 }));
    mountReport();
    expect(await screen.findByRole("heading", { name: "Failed to Load Posts" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(await screen.findByText("Failed to load clicks")).toBeTruthy();
  });

  it("shows today's AI tokens against the allowance, 30 days by feature, and why automation paused", async () => {
    const usageDays = Array.from({ length: 30 }, (_, i) => {
      const date = new Date(Date.UTC(2030, 2, i + 1)).toISOString().slice(0, 10);
      if (i === 29)
        return { date, total: 15000, byFeature: { "generate-post": 12000, automation: 3000 } };
      if (i === 10) return { date, total: 2500, byFeature: { "blog-ideas": 2500 } };
      return { date, total: 0, byFeature: {} };
    });
    renderReport({
      "/api/blogs/b1/posts": [],
      "/api/blogs/b1/automation": automation({
        skipReason:
          "Paused: today's AI allowance is used up. The next post is written after midnight UTC.",
      }),
      "/api/blogs/b1/affiliate-recommendations": [],
      "/api/blogs/b1/affiliate-clicks": { days },
      "/api/ai/usage": {
        configured: true,
        model: "gpt-test",
        dailyLimit: 20000,
        today: usageDays[29],
        days: usageDays,
        last30DaysTotal: 17500,
        last30DaysCost: { usd: 0.0276, unpricedTokens: 3000 },
        features: [
          {
            feature: "generate-post",
            promptTokens: 2000,
            completionTokens: 10000,
            cost: { usd: 0.0264, unpricedTokens: 0 },
          },
          {
            feature: "automation",
            promptTokens: 500,
            completionTokens: 2500,
            cost: { usd: null, unpricedTokens: 3000 },
          },
          {
            feature: "blog-ideas",
            promptTokens: 500,
            completionTokens: 2000,
            cost: { usd: 0.0012, unpricedTokens: 0 },
          },
        ],
        posts: [],
        unpricedModels: ["local-model"],
        renewsAt: "2030-03-31T00:00:00.000Z",
      },
    });
    const card = await screen.findByRole("region", { name: "AI Usage" });
    await within(card).findByText(/of 20,000 tokens used today \(75%\)/);
    expect(within(card).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("75");
    expect(within(card).getByRole("img").getAttribute("aria-label")).toBe(
      "17,500 tokens used in the last 30 days; the busiest day was Mar 30 with 15,000 tokens.",
    );
    const rows = within(card)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toContain("Generate with AI12,00012,000$0.03");
    expect(rows).toContain("Blog ideas02,500$0.0012");
    // No price for the model automation used: unknown, not $0.00.
    expect(rows).toContain("Content automation3,0003,000Unknown");
    expect(rows.some((row) => row?.startsWith("Affiliate programs"))).toBe(false);
    expect(figure("Content Automation", "Status")).toBe(
      "Paused: today's AI allowance is used up. The next post is written after midnight UTC.",
    );
  });

  it("says that nothing is counted while no AI provider is configured", async () => {
    renderReport({
      "/api/blogs/b1/posts": [],
      "/api/blogs/b1/affiliate-recommendations": [],
      "/api/blogs/b1/affiliate-clicks": { days },
      "/api/ai/usage": {
        configured: false,
        model: "offline writer",
        dailyLimit: 200000,
        today: { date: "2030-03-30", total: 0, byFeature: {} },
        days: [],
        last30DaysTotal: 0,
        last30DaysCost: { usd: 0, unpricedTokens: 0 },
        features: [],
        posts: [],
        unpricedModels: [],
        renewsAt: "2030-03-31T00:00:00.000Z",
      },
    });
    const card = await screen.findByRole("region", { name: "AI Usage" });
    expect(await within(card).findByText(/No AI provider is configured/)).toBeTruthy();
    expect(within(card).queryByRole("progressbar")).toBeNull();
  });
});
