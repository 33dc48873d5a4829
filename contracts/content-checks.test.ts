import { describe, expect, it } from "vitest";
import {
  analyzeReadability,
  type ContentCheckInput,
  checkContent,
  countSyllables,
  fleschReadingEase,
  readingEaseLabel,
  sentencesOf,
} from "./content-checks.ts";

describe("countSyllables", () => {
  it.each([
    ["the", 1],
    ["cat", 1],
    ["make", 1],
    ["makes", 1],
    ["names", 1],
    ["jumped", 1],
    ["queue", 1],
    ["rhythm", 1],
    ["goes", 1],
    ["table", 2],
    ["little", 2],
    ["running", 2],
    ["wanted", 2],
    ["boxes", 2],
    ["wishes", 2],
    ["social", 2],
    ["region", 2],
    ["beautiful", 3],
    ["syllable", 3],
    ["radio", 3],
    ["media", 3],
    ["stadium", 3],
    ["education", 4],
    ["necessitate", 4],
    ["considerable", 5],
    ["institutional", 5],
    ["organizational", 6],
    ["accountability", 6],
  ])("%s has %i", (word, syllables) => {
    expect(countSyllables(word)).toBe(syllables);
  });

  it("counts a number or a foreign word as at least one, and nothing as none", () => {
    expect(countSyllables("2024")).toBe(1);
    expect(countSyllables("日本")).toBe(1);
    expect(countSyllables("")).toBe(0);
    expect(countSyllables("HELLO")).toBe(2);
  });
});

describe("Flesch reading ease", () => {
  it("applies the formula and names the band", () => {
    expect(fleschReadingEase(100, 5, 150)).toBeCloseTo(59.635, 3);
    expect(fleschReadingEase(0, 0, 0)).toBe(0);
    expect(readingEaseLabel(95)).toBe("Very easy");
    expect(readingEaseLabel(65)).toBe("Plain English");
    expect(readingEaseLabel(55)).toBe("Fairly difficult");
    expect(readingEaseLabel(10)).toBe("Very difficult");
  });

  it("splits sentences at their ends, not at abbreviations or decimals", () => {
    expect(sentencesOf("Dr. Smith ran 3.5 km. He won, e.g. the big race! Did he? Yes.")).toEqual([
      "Dr. Smith ran 3.5 km.",
      "He won, e.g. the big race!",
      "Did he?",
      "Yes.",
    ]);
    expect(sentencesOf("No full stop at the end")).toEqual(["No full stop at the end"]);
    expect(sentencesOf(" ... ")).toEqual([]);
  });

  it("scores body text: 12 words, 2 sentences, 15 syllables", () => {
    const r = analyzeReadability(
      "<h2>Headings are not sentences</h2><p>The quick brown fox jumps over the lazy dog. It runs away.</p>",
    );
    expect(r).toEqual({
      score: 95,
      label: "Very easy",
      words: 12,
      sentences: 2,
      averageSentenceLength: 6,
      longestParagraphWords: 12,
    });
  });

  it("keeps the score within 0–100", () => {
    const hard = analyzeReadability(
      "<p>Comprehensive organizational methodologies necessitate considerable institutional accountability.</p>",
    );
    expect(hard.score).toBe(0);
    expect(hard.label).toBe("Very difficult");
    expect(analyzeReadability("<p>I go. We run. It is.</p>").score).toBe(100);
  });

  it("counts list items as text and blocks as sentence ends, paragraphs alone for length", () => {
    const r = analyzeReadability("<ul><li>Pack light</li><li>Start slow</li></ul><p>Go now</p>");
    expect(r.sentences).toBe(3);
    expect(r.words).toBe(6);
    expect(r.longestParagraphWords).toBe(2);
  });

  it("has no score without text", () => {
    expect(analyzeReadability("")).toMatchObject({ score: null, label: "No text yet", words: 0 });
    expect(analyzeReadability("<h2>Only a heading</h2>").score).toBeNull();
  });
});

const goodPost: ContentCheckInput = {
  title: "Hill Repeats for Beginners",
  keywords: ["Hill repeats", "speed"],
  metaTitle: "Hill Repeats for Beginners: Build Strength on Any Slope",
  metaDescription:
    "Hill repeats make runners stronger and faster. Learn how to pick a hill, how many repeats to run and how to recover between them without getting hurt.",
  slug: "",
  content:
    "<p>Hill repeats make you strong. Find a hill and run up it.</p><h2>How to start hill repeats</h2><p>Walk down. Do it again.</p>",
};

const statusOf = (input: ContentCheckInput) =>
  Object.fromEntries(checkContent(input).checks.map((c) => [c.id, c.status]));

describe("checkContent", () => {
  it("passes a post that uses its focus keyword everywhere with meta lengths in range", () => {
    expect(goodPost.metaTitle.length).toBeGreaterThanOrEqual(50);
    expect(goodPost.metaDescription.length).toBeGreaterThanOrEqual(150);
    const report = checkContent(goodPost);
    expect(report.focusKeyword).toBe("Hill repeats");
    expect(report.checks.filter((c) => c.status === "warn")).toEqual([]);
    expect(report.checks.map((c) => c.id)).toEqual([
      "keyword-title",
      "keyword-meta-description",
      "keyword-first-paragraph",
      "keyword-slug",
      "keyword-subheading",
      "meta-title-length",
      "meta-description-length",
      "readability",
      "sentence-length",
      "paragraph-length",
    ]);
    expect(report.checks.find((c) => c.id === "keyword-slug")?.reason).toBe(
      "The slug contains “hill-repeats”.",
    );
  });

  it("warns with a reason for each place the keyword is missing", () => {
    const report = checkContent({
      ...goodPost,
      title: "Uphill repeats",
      metaDescription: "Short.",
      slug: "my-post",
      content: "<p>Run up.</p><h3>Tips</h3><p>Hill repeats later.</p>",
    });
    const warn = Object.fromEntries(
      report.checks.filter((c) => c.status === "warn").map((c) => [c.id, c.reason]),
    );
    expect(warn).toEqual({
      "keyword-title": "The title does not contain “Hill repeats”.",
      "keyword-meta-description": "The meta description does not contain “Hill repeats”.",
      "keyword-first-paragraph": "The first paragraph does not contain “Hill repeats”.",
      "keyword-slug": "The slug “my-post” does not contain “hill-repeats”.",
      "keyword-subheading": "No h2 or h3 subheading contains “Hill repeats”.",
      "meta-description-length":
        "Length 6: aim for 150–160 characters to use the space search results give it.",
    });
  });

  it("uses the first non-blank keyword and says so when there is none", () => {
    expect(checkContent({ ...goodPost, keywords: ["  ", "speed"] }).focusKeyword).toBe("speed");
    const none = checkContent({ ...goodPost, keywords: [] });
    expect(none.focusKeyword).toBeNull();
    expect(none.checks[0]).toEqual({
      id: "focus-keyword",
      label: "Focus keyword",
      status: "warn",
      reason: "Add a focus keyword to see where it appears.",
    });
    expect(none.checks.some((c) => c.id.startsWith("keyword-"))).toBe(false);
  });

  it("flags meta fields that are missing or too long", () => {
    const report = checkContent({ ...goodPost, metaTitle: "x".repeat(61), metaDescription: " " });
    const reasons = Object.fromEntries(report.checks.map((c) => [c.id, c.reason]));
    expect(reasons["meta-title-length"]).toBe(
      "Length 61: search results cut titles after about 60 characters.",
    );
    expect(reasons["meta-description-length"]).toBe(
      "There is no meta description: search engines will pick text from the post.",
    );
    expect(statusOf({ ...goodPost, metaTitle: "x".repeat(60) })["meta-title-length"]).toBe("pass");
    expect(statusOf({ ...goodPost, metaTitle: "x".repeat(49) })["meta-title-length"]).toBe("warn");
  });

  it("warns about long sentences and long paragraphs", () => {
    const long = `<p>${"word ".repeat(160).trim()}.</p>`;
    const status = statusOf({ ...goodPost, content: long });
    expect(status["sentence-length"]).toBe("warn");
    expect(status["paragraph-length"]).toBe("warn");
    expect(checkContent({ ...goodPost, content: long }).checks.at(-1)?.reason).toBe(
      "The longest paragraph has 160 words: split paragraphs over 150.",
    );
  });

  it("handles an empty post without failing", () => {
    const report = checkContent({
      title: "",
      content: "",
      metaTitle: "",
      metaDescription: "",
      keywords: ["hills"],
      slug: "",
    });
    const reasons = Object.fromEntries(report.checks.map((c) => [c.id, c.reason]));
    expect(report.checks.every((c) => c.status === "warn")).toBe(true);
    expect(reasons).toMatchObject({
      "keyword-title": "The post has no title yet.",
      "keyword-first-paragraph": "The post has no paragraph yet.",
      "keyword-slug": "There is no slug or title yet.",
      "keyword-subheading": "The post has no h2 or h3 subheadings.",
      readability: "Write some content to get a readability score.",
    });
    expect(report.readability.score).toBeNull();
  });

  it("reads plain text typed without HTML as paragraphs", () => {
    const report = checkContent({
      ...goodPost,
      content: "Hill repeats are simple.\n\nRun up. Walk down.",
    });
    expect(report.readability.sentences).toBe(3);
    expect(statusOf({ ...goodPost, content: "Hill repeats are simple." })).toMatchObject({
      "keyword-first-paragraph": "pass",
    });
  });

  it("names the sections of an offline outline that still hold their instructions", () => {
    const outline = [
      "<p><em>Offline draft: an outline to write from, made without an AI model.</em></p>",
      "<p><strong>[To write]</strong> Introduce the topic in two or three sentences.</p>",
      "<h2>Why This Matters</h2>",
      "<p>Hill repeats build strength that flat running never will.</p>",
      "<h2>Hill Repeats: The Essentials</h2>",
      "<p><strong>[To write]</strong> Define the key terms. (about 100 words)</p>",
      "<h2>Conclusion</h2>",
      "<p>Sum up the main points about hill repeats and end with one clear next step for the reader.</p>",
    ].join("");
    const report = checkContent({ ...goodPost, content: outline });
    expect(report.checks[0]).toEqual({
      id: "unfinished-sections",
      label: "Unfinished sections",
      status: "warn",
      reason:
        "Replace the [To write] instructions in Introduction, “Hill Repeats: The Essentials” and “Conclusion” with your own text: the post cannot be published until then.",
    });
    // The owner's own text: no such check at all.
    expect(checkContent(goodPost).checks.some((c) => c.id === "unfinished-sections")).toBe(false);
  });
});
