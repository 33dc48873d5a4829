import { describe, expect, it } from "vitest";
import { ideaCatalogue } from "./offline-ideas.ts";
import { programCatalogue } from "./offline-programs.ts";

/** Claims of review, testing or trust that nothing in the product backs. */
const unbacked =
  /\b(?:vet|expert|doctor|dietitian|nutritionist)[- ]?(?:reviewed|approved|checked)|\breviewed by\b|\bhands-on\b|\btested\b|\bproduct tests?\b|\btrusted\b|\bproven\b|\bverified\b/i;

describe("offline catalogues", () => {
  it("promise no expert review, testing or trust the product does not give", () => {
    const texts = [
      ...ideaCatalogue.flatMap((idea) => Object.values(idea).flat()),
      ...programCatalogue.flatMap((program) => Object.values(program).flat()),
    ].filter((value): value is string => typeof value === "string");
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => unbacked.test(text))).toEqual([]);
  });
});
