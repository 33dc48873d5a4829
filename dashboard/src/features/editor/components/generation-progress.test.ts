import { emptyProgress, type Generation } from "@contracts/generation.ts";
import { describe, expect, it } from "vitest";
import { progressHeadline, sectionsLine, stepStates } from "./generation-progress.ts";

const at = (
  status: Generation["status"],
  progress: Partial<Generation["progress"]>,
): Pick<Generation, "status" | "progress"> => ({
  status,
  progress: { ...emptyProgress(), ...progress },
});

describe("AI writer progress", () => {
  it("marks the steps done, the one under way, and the ones to come", () => {
    const states = stepStates(at("running", { step: "outline", done: ["brief", "research"] }));
    expect(states.slice(0, 4)).toEqual([
      { step: "brief", label: "Brief", state: "done" },
      { step: "research", label: "Research", state: "done" },
      { step: "outline", label: "Outline", state: "current" },
      { step: "sections", label: "Sections", state: "pending" },
    ]);
    expect(states.at(-1)).toEqual({ step: "image", label: "Feature image", state: "pending" });
  });

  it("reads out the waiting reason first, then the step, and a queued generation", () => {
    expect(progressHeadline(at("queued", {}))).toBe("Waiting to start…");
    expect(progressHeadline(at("running", { step: "links" }))).toBe(
      "Citations and internal links…",
    );
    expect(
      progressHeadline(at("running", { step: "sections", waiting: "The AI is busy. Wait." })),
    ).toBe("The AI is busy. Wait.");
  });

  it("counts the sections written against the outline's", () => {
    const outline = [1, 2, 3].map((i) => ({ heading: `H${i}`, subheadings: [] }));
    expect(sectionsLine(at("running", { outline, sectionsWritten: 0 }))).toBeNull();
    expect(sectionsLine(at("running", { outline, sectionsWritten: 2 }))).toBe(
      "Section 2 of 3 written",
    );
    expect(sectionsLine(at("running", { sectionsWritten: 2 }))).toBeNull();
  });
});
