import { describe, expect, it } from "vitest";
import { metaLimits } from "../../contracts/ai.ts";
import { optimizeMetaOffline } from "./offline-meta.ts";
import { offlineKeywords, writeOfflineDraft } from "./offline-writer.ts";

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

  it("never copies the offline writer's note or instructions into the description", () => {
    const draft = writeOfflineDraft({
      topic: "Best vegetables for a balcony",
      tone: "casual",
      length: "short",
    });
    const meta = optimizeMetaOffline({
      title: draft.title,
      content: draft.content,
      keywords: draft.suggestedKeywords,
    });
    expect(meta.metaDescription).not.toMatch(/Offline draft|Introduce|To write|about \d+ words/);
    // Nothing of the post's own yet: the title stands in.
    expect(meta.metaDescription).toBe("Best Vegetables for a Balcony: A Practical Guide.");

    // Once the owner writes the opening, it is the description.
    const written = draft.content.replace(
      /<p><strong>\[To write\]<\/strong> Introduce[^<]*<\/p>/,
      "<p>Best vegetables for a balcony: lettuce, radishes and cherry tomatoes all crop in pots.</p>",
    );
    expect(
      optimizeMetaOffline({ title: draft.title, content: written, keywords: [] }).metaDescription,
    ).toBe(
      "Best vegetables for a balcony: lettuce, radishes and cherry tomatoes all crop in pots.",
    );
  });

  it("skips the unmarked instructions of outlines saved before the marker", () => {
    // The outline as the offline writer wrote it before: the finding's exact text.
    const saved = [
      "<p><em>Offline draft: an outline to write from, made without an AI model. Set OPENAI_API_KEY (and OPENAI_BASE_URL for other providers) to generate full posts.</em></p>",
      "<p>Introduce Best vegetables for a balcony in two or three sentences. Write as you would talk to a friend: short sentences, first person, a little humour. Aim for about 600 words in all.</p>",
      "<h2>Why Best Vegetables For A Balcony Matters</h2>",
      "<p>Explain what is at stake for your readers and who this post is for. (about 150 words)</p>",
      "<h2>Conclusion</h2>",
      "<p>Sum up the main points about Best vegetables for a balcony and end with one clear next step for the reader.</p>",
    ].join("\n");
    const meta = optimizeMetaOffline({
      title: "Best Vegetables For A Balcony: A Practical Guide",
      content: saved,
      keywords: ["best vegetables for a balcony"],
    });
    expect(meta.metaDescription).toBe("Best Vegetables For A Balcony: A Practical Guide.");
  });
});

describe("offline keywords", () => {
  it("proposes phrases a reader would type, never a 'how to' bolted on", () => {
    expect(offlineKeywords("Best vegetables for a balcony")).toEqual([
      "best vegetables for a balcony",
      "vegetables for a balcony",
    ]);
    expect(offlineKeywords("How to choose trail running shoes for rocky terrain?")).toEqual([
      "how to choose trail running shoes for rocky terrain",
      "trail running shoes for rocky terrain",
    ]);
    expect(
      offlineKeywords("Raised  bed gardening", ["Beds", null, "raised bed gardening"]),
    ).toEqual(["raised bed gardening", "beds"]);
    for (const topic of ["Best vegetables for a balcony", "Composting in a flat", "Hill repeats"]) {
      const { suggestedKeywords } = writeOfflineDraft({ topic, tone: "casual", length: "short" });
      for (const keyword of suggestedKeywords) {
        expect(keyword).not.toMatch(/^how to /);
        expect(keyword).not.toMatch(/ guide$/);
      }
    }
  });
});

describe("offline writer headings", () => {
  it("reads as English whatever the topic's shape", () => {
    const draft = writeOfflineDraft({
      topic: "How to choose trail running shoes for rocky terrain",
      tone: "professional",
      length: "medium",
    });
    const headings = [...draft.content.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      "Why This Matters",
      "How to Choose Trail Running Shoes for Rocky Terrain: The Essentials",
      "Getting Started Step by Step",
      "Common Mistakes and How to Avoid Them",
      "Conclusion",
    ]);
    expect(draft.title).toBe(
      "How to Choose Trail Running Shoes for Rocky Terrain: A Practical Guide",
    );
    const question = writeOfflineDraft({
      topic: "Why do dogs eat grass?",
      tone: "casual",
      length: "short",
    });
    expect(question.title).toBe("Why Do Dogs Eat Grass: A Practical Guide");
  });
});
