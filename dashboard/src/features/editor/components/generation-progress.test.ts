import { describe, expect, it } from "vitest";
import { generationProgress } from "./generation-progress.ts";

describe("generationProgress", () => {
  it("moves through the stages with the elapsed time, scaled by length", () => {
    expect(generationProgress(0, "medium")).toEqual({
      stage: 0,
      label: "Outlining…",
      overdue: false,
    });
    expect(generationProgress(6, "medium").label).toBe("Outlining…");
    expect(generationProgress(7, "medium").label).toBe("Writing sections…");
    expect(generationProgress(36, "medium").label).toBe("Checking and cleaning the HTML…");
    // A long post is still being written when a medium one is being checked.
    expect(generationProgress(36, "long").label).toBe("Writing sections…");
    expect(generationProgress(4, "short").label).toBe("Writing sections…");
  });

  it("says when it takes longer than usual, staying on the last stage", () => {
    expect(generationProgress(46, "medium")).toEqual({
      stage: 2,
      label: "Taking longer than usual. Still checking and cleaning the HTML…",
      overdue: true,
    });
  });
});
