import { describe, expect, it } from "vitest";
import { addToReport, emptyImportReport, reportListLimit } from "./imports.ts";

describe("an import's report", () => {
  it("counts every entry and lists the first ones only", () => {
    const report = emptyImportReport();
    for (let i = 0; i < reportListLimit + 25; i++)
      addToReport(report, "imported", { title: `Post ${i}`, slug: `post-${i}`, status: "draft" });
    addToReport(report, "skipped", { title: "Empty", reason: "no body" });
    expect(report.counts).toEqual({ imported: reportListLimit + 25, skipped: 1, imagesMissing: 0 });
    expect(report.imported).toHaveLength(reportListLimit);
    expect(report.imported.at(-1)?.title).toBe(`Post ${reportListLimit - 1}`);
    expect(report.skipped).toEqual([{ title: "Empty", reason: "no body" }]);
  });
});
