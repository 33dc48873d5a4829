// @vitest-environment happy-dom

import { type FleetRisk, riskLines } from "@contracts/fleet.ts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FleetRiskCard } from "./fleet-risk-card.tsx";

const risk: FleetRisk = {
  lines: riskLines,
  blogs: [
    {
      blogId: "b1",
      name: "Garden Notes",
      createdByAi: false,
      postsPerWeek: [3, 2, 1, 0],
      aiPublished: 6,
      uneditedShare: 0.5,
      reviewCoverage: 1,
      nearDuplicates: 1,
      warnings: [
        "A post repeats a post on another of your blogs: rewrite or remove one of each pair.",
      ],
    },
    {
      blogId: "b2",
      name: "Balcony Life",
      createdByAi: true,
      postsPerWeek: [0, 0, 0, 0],
      aiPublished: 0,
      uneditedShare: null,
      reviewCoverage: null,
      nearDuplicates: 1,
      warnings: [],
    },
  ],
  nearDuplicates: [
    {
      a: { postId: "p1", title: "Tomatoes on a balcony", blogId: "b1", blogName: "Garden Notes" },
      b: { postId: "p2", title: "Balcony tomatoes again", blogId: "b2", blogName: "Balcony Life" },
      similarity: 0.92,
    },
  ],
};

afterEach(cleanup);

describe("FleetRiskCard", () => {
  it("shows each blog's numbers, its warnings and the near-duplicate pair", () => {
    render(<FleetRiskCard risk={risk} failed={false} onRetry={() => {}} />);
    const warnings = screen.getByRole("list", { name: "Warnings" });
    expect(within(warnings).getByText(/repeats a post on another of your blogs/)).toBeTruthy();
    const row = screen.getByRole("row", { name: /Garden Notes/ });
    // Oldest week first, as read left to right.
    expect(within(row).getByText("0 · 1 · 2 · 3")).toBeTruthy();
    expect(within(row).getByText("50%")).toBeTruthy();
    expect(
      within(screen.getByRole("row", { name: /Balcony Life/ })).getAllByText("–"),
    ).toHaveLength(2);
    expect(
      screen.getByText(
        /“Tomatoes on a balcony” \(Garden Notes\) and “Balcony tomatoes again” \(Balcony Life\): 92% shared/,
      ),
    ).toBeTruthy();
  });

  it("says when it failed to load", () => {
    render(<FleetRiskCard risk={undefined} failed={true} onRetry={() => {}} />);
    expect(screen.getByText("Failed to load the fleet risk view")).toBeTruthy();
  });
});
