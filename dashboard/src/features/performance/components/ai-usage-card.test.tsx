// @vitest-environment happy-dom

import type { AiUsageDay, AiUsageReport } from "@contracts/ai-usage.ts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AiUsageCard } from "./ai-usage-card.tsx";

const days: AiUsageDay[] = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2030, 2, i + 1)).toISOString().slice(0, 10),
  total: i === 29 ? 6000 : 0,
  byFeature: i === 29 ? { "optimize-meta": 2000, automation: 4000 } : {},
}));

function report(over: Partial<AiUsageReport> = {}): AiUsageReport {
  return {
    configured: true,
    model: "gpt-4o-mini",
    dailyLimit: 200_000,
    today: days[29] as AiUsageDay,
    days,
    last30DaysTotal: 6000,
    last30DaysCost: { usd: 1.2345, unpricedTokens: 1000 },
    features: [
      {
        feature: "automation",
        promptTokens: 1000,
        completionTokens: 3000,
        cost: { usd: 1.2345, unpricedTokens: 1000 },
      },
      {
        feature: "optimize-meta",
        promptTokens: 1500,
        completionTokens: 500,
        cost: { usd: 0.00005, unpricedTokens: 0 },
      },
    ],
    posts: [
      {
        postId: "p1",
        title: "Feeding worms",
        blogName: "Worm Notes",
        tokens: 3000,
        cost: { usd: 0.0056, unpricedTokens: 0 },
      },
      {
        postId: "p2",
        title: null,
        blogName: null,
        tokens: 1000,
        cost: { usd: null, unpricedTokens: 1000 },
      },
    ],
    unpricedModels: ["local-llama"],
    renewsAt: "2030-03-31T00:00:00.000Z",
    ...over,
  };
}

const show = (value: AiUsageReport) =>
  render(<AiUsageCard report={value} failed={false} onRetry={() => {}} />);

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => row.textContent);

afterEach(cleanup);

describe("the AI usage card's costs", () => {
  it("shows the estimated cost by feature and by post, and unknown where no price is set", () => {
    show(report());
    const card = screen.getByRole("region", { name: "AI Usage" });
    // Part of the month has no price: what is known is the least it cost.
    expect(within(card).getByText(/Estimated cost in the last 30 days:/).textContent).toBe(
      "Estimated cost in the last 30 days: at least $1.23",
    );
    const features = within(card).getByRole("table", { name: "AI use by feature" });
    expect(rowsOf(features)).toEqual([
      "FeatureTodayLast 30 daysEstimated cost (30 days)",
      "AI Optimize2,0002,000under $0.0001",
      "Content automation4,0004,000at least $1.23",
    ]);
    const posts = within(card).getByRole("table", {
      name: "Posts that used the most AI, last 30 days",
    });
    expect(rowsOf(posts)).toEqual([
      "PostTokensEstimated cost",
      "Feeding wormsWorm Notes3,000$0.0056",
      "Deleted or unsaved post1,000Unknown",
    ]);
    expect(
      within(card).getByText(
        /No price is set for model local-llama on this server \(AI_PRICES\), so its cost shows as unknown\./,
      ),
    ).toBeTruthy();
    // Nothing reads as free: tokens without a price are unknown.
    expect(card.textContent).not.toMatch(/\$0\.00(?!\d)/);
  });

  it("says a month without any price is unknown, and names every model without one", () => {
    show(
      report({
        last30DaysCost: { usd: null, unpricedTokens: 6000 },
        features: [],
        posts: [],
        unpricedModels: ["llama-3", "mistral"],
      }),
    );
    const card = screen.getByRole("region", { name: "AI Usage" });
    expect(within(card).getByText(/Estimated cost in the last 30 days:/).textContent).toBe(
      "Estimated cost in the last 30 days: Unknown",
    );
    expect(within(card).queryByRole("table", { name: /Posts that used/ })).toBeNull();
    expect(card.textContent).toContain(
      "No price is set for models llama-3 and mistral on this server (AI_PRICES), so their cost shows as unknown.",
    );
  });

  it("shows a fully priced month in dollars, with no note about missing prices", () => {
    show(
      report({
        last30DaysCost: { usd: 1234.5, unpricedTokens: 0 },
        unpricedModels: [],
      }),
    );
    const card = screen.getByRole("region", { name: "AI Usage" });
    expect(within(card).getByText(/Estimated cost in the last 30 days:/).textContent).toBe(
      "Estimated cost in the last 30 days: $1,234.50",
    );
    expect(card.textContent).toContain(
      "Costs are estimates from the prices per model set on this server, not your AI provider's bill.",
    );
    expect(card.textContent).not.toContain("No price is set");
  });
});
