import { describe, expect, it } from "vitest";
import { metaLimits } from "../../contracts/ai.ts";
import { optimizeMetaOffline } from "./offline-meta.ts";
import { writeOfflineDraft } from "./offline-writer.ts";

const post = {
  title: "Hill Repeats for Beginners",
  keywords: ["hill repeats"],
  content:
    "<p>Hill repeats make you a stronger runner in a few weeks. Find a hill that takes a minute to climb. Run up hard, walk down, and repeat six times.</p><h2>Recovery</h2><p>Rest a day after.</p>",
};

describe("offline meta optimizer", () => {
  it("builds a title and a description from the title, first paragraph and focus keyword", () => {
    const meta = optimizeMetaOffline(post, { blogName: "Trail Notes" });
    expect(meta).toEqual({
      metaTitle: "Hill Repeats for Beginners | Trail Notes",
      metaDescription:
        "Hill repeats make you a stronger runner in a few weeks. Find a hill that takes a minute to climb. Run up hard, walk down, and repeat six times.",
    });
    // The same post gives the same answer.
    expect(optimizeMetaOffline(post, { blogName: "Trail Notes" })).toEqual(meta);
  });

  it("puts a missing focus keyword in front of the title and leads with its sentence", () => {
    const meta = optimizeMetaOffline({
      title: "Getting Stronger Uphill",
      keywords: ["  ", "hill repeats"],
      content:
        "<p>Strength comes from climbing. Nothing else works as well.</p><p>Hill repeats are the simplest way to start.</p>",
    });
    expect(meta.metaTitle).toBe("Hill repeats: Getting Stronger Uphill");
    expect(meta.metaDescription).toBe(
      "Hill repeats are the simplest way to start. Strength comes from climbing. Nothing else works as well.",
    );
  });

  it("stays within the limits, cutting at a word, the description with an ellipsis", () => {
    const long = {
      title:
        "An Extremely Long Title About Hill Repeats That Goes On and On Well Past What Search Results Show",
      keywords: ["hill repeats"],
      content: `<p>${"Climbing hills again and again builds strength that flat running never will. ".repeat(6)}</p>`,
    };
    const meta = optimizeMetaOffline(long, { blogName: "Trail Notes" });
    expect(meta.metaTitle.length).toBeLessThanOrEqual(metaLimits.title);
    expect(meta.metaTitle).toBe("An Extremely Long Title About Hill Repeats That Goes");
    expect(meta.metaDescription.length).toBeLessThanOrEqual(metaLimits.description);
    expect(meta.metaDescription.endsWith("…")).toBe(true);
    expect(meta.metaDescription).toMatch(/^Hill repeats: Climbing hills/);
    expect(meta.metaDescription).not.toMatch(/\s…$/);
  });

  it("falls back to the title when there is no text, and needs no keyword", () => {
    expect(optimizeMetaOffline({ title: "Just a Title", keywords: [], content: "" })).toEqual({
      metaTitle: "Just a Title",
      metaDescription: "Just a Title.",
    });
  });

  it("skips the offline writer's note about the draft", () => {
    const draft = writeOfflineDraft({
      topic: "raised bed gardening",
      tone: "casual",
      length: "short",
    });
    const meta = optimizeMetaOffline({
      title: draft.title,
      content: draft.content,
      keywords: draft.suggestedKeywords,
    });
    expect(meta.metaDescription).not.toMatch(/Offline draft/);
    expect(meta.metaDescription).toMatch(/^Introduce raised bed gardening/);
  });
});
