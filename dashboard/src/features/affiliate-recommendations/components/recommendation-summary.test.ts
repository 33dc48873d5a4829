import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { describe, expect, it } from "vitest";
import { affiliateRecommendationFixture } from "../../../test/factories.ts";
import {
  foundProgramsToast,
  linkDraftOf,
  summarizeRecommendations,
} from "./recommendation-summary.ts";

const rec = (id: string, over: Partial<AffiliateRecommendation> = {}) =>
  affiliateRecommendationFixture(id, { description: "A program.", ...over });

describe("summarizeRecommendations", () => {
  it("counts each status and keeps pending and approved in the list's order", () => {
    const summary = summarizeRecommendations([
      rec("a"),
      rec("b", { status: "approved" }),
      rec("c", { status: "rejected" }),
      rec("d"),
      rec("e", { status: "rejected" }),
      rec("f", { status: "approved" }),
    ]);
    expect(summary.counts).toEqual({ pending: 2, approved: 2, rejected: 2 });
    expect(summary.pending.map((r) => r.id)).toEqual(["a", "d"]);
    expect(summary.approved.map((r) => r.id)).toEqual(["b", "f"]);
  });

  it("is all zeros for no recommendations", () => {
    expect(summarizeRecommendations([])).toEqual({
      counts: { pending: 0, approved: 0, rejected: 0 },
      pending: [],
      approved: [],
    });
  });
});

describe("foundProgramsToast", () => {
  it("names how many were found, singular and plural", () => {
    expect(foundProgramsToast(1, "Trail Notes")).toEqual({
      title: "Programs found",
      description: "1 new affiliate program to review for Trail Notes.",
    });
    expect(foundProgramsToast(5, "Trail Notes").description).toBe(
      "5 new affiliate programs to review for Trail Notes.",
    );
  });

  it("says plainly when nothing new was found", () => {
    expect(foundProgramsToast(0, "Trail Notes")).toEqual({
      title: "No new programs",
      description:
        "Every program found for Trail Notes has already been suggested. Add posts or categories, then try again.",
    });
  });
});

describe("linkDraftOf", () => {
  it("takes the best keyword from the blog's posts and the sign-up page as URL, auto-insert on", () => {
    expect(
      linkDraftOf(rec("a", { programName: "REI Affiliate Program" }), [
        "trail running shoes",
        "hydration vest",
      ]),
    ).toEqual({
      keyword: "trail running shoes",
      url: "https://a.example.com/join",
      autoInsert: true,
    });
  });

  it("never falls back to the program's name: without a suggestion the keyword is left blank", () => {
    expect(linkDraftOf(rec("a", { programName: "REI Affiliate Program" }), []).keyword).toBe("");
  });

  it("cuts a keyword longer than a keyword may be to the keyword limit", () => {
    const draft = linkDraftOf(rec("a"), [`${"x".repeat(99)} ${"y".repeat(20)}`]);
    expect(draft.keyword).toBe("x".repeat(99));
  });
});
