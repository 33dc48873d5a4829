import { describe, expect, it } from "vitest";
import { htmlToText, wordsOf } from "../../../contracts/content-text.ts";
import { plainSentences } from "../../test/ai.ts";
import { goodArticle, templateFiller, webArticleParagraphs } from "../../test/articles.ts";
import { overlapOf } from "../posts/passages.ts";
import { plagiarismGate, searchPhrases } from "./plagiarism.ts";
import { reasonsOfReview, reviewBar } from "./review.ts";
import {
  movingTypeTokenRatio,
  skeletonOf,
  substanceGate,
  substanceReasons,
  templateStats,
  uncitedFigures,
} from "./substance.ts";

/**
 * Where each threshold of the substance gate lies (docs/decisions/340): every test puts text on
 * both sides of one line.
 */
const ids = (html: string, extra: { targetWords?: number; hasSources?: boolean } = {}) =>
  substanceReasons({ content: html, ...extra }).map((r) => r.id);

/** Twenty varied sentences of six words or more, none sharing a skeleton. */
const varied = [
  "Balcony tomatoes start with the seed packet.",
  "Tall vining types need a two-metre cane and a deep pot.",
  "Dwarf bush varieties stay under a metre and cope with wind.",
  "Cherry types forgive more mistakes than large slicers ever will.",
  "Most failures on balconies come from pots that are too small.",
  "A single plant wants roughly twenty litres of compost.",
  "Wide, pale containers stay cooler than narrow black ones.",
  "Skip the gravel layer that older guides still recommend.",
  "Tomatoes need at least six hours of direct light.",
  "Watch where shadows fall across a whole day first.",
  "Gusts snap stems and dry leaves faster than heat does.",
  "Irregular watering causes split fruit and blossom end rot.",
  "Water until it runs from the drainage holes below.",
  "Once the first flowers open, switch to a potash feed.",
  "Stronger doses scorch roots without adding any flavour.",
  "Pinch out side shoots while they are still small.",
  "Bush types need no pruning, which suits beginners well.",
  "Insects rarely reach the fifth floor of a city block.",
  "Flick the flower trusses gently on warm, dry mornings.",
  "Harvest as soon as the fruit colours fully on the vine.",
];
const filler = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Take a ${["small", "quick", "close", "short", "good", "clear"][i % 6]} look at the ${["useful", "main", "key"][i % 3]} part of your ${["setup", "plan", "space", "garden"][i % 4]} and keep it ${["good", "simple", "tidy"][i % 3]}.`,
  );
const asHtml = (sentences: string[]) => `<p>${sentences.join(" ")}</p>`;

describe("repeated sentence templates", () => {
  it("reads a sentence's skeleton: its form words, content words as _", () => {
    expect(skeletonOf("Take a small look at the useful part of your setup and keep it good.")).toBe(
      "_ a _ _ at the _ _ of your _ and _ it _",
    );
    expect(skeletonOf("Give a quick look at the key part of your garden and keep it tidy.")).toBe(
      skeletonOf("Take a small look at the useful part of your setup and keep it good."),
    );
  });

  it(`holds at ${substanceGate.maxTemplateShare * 100}% of sentences sharing a skeleton, not below`, () => {
    // 14 varied + 6 templated = 30% of 20: held; 15 + 5 = 25%: passes.
    expect(templateStats([...varied.slice(0, 14), ...filler(6)])).toMatchObject({
      sentences: 20,
      templated: 6,
    });
    expect(ids(asHtml([...varied.slice(0, 14), ...filler(6)]))).toContain("repeated-templates");
    expect(ids(asHtml([...varied.slice(0, 15), ...filler(5)]))).not.toContain("repeated-templates");
  });

  it(`says nothing under ${substanceGate.templateMinSentences} judged sentences`, () => {
    expect(ids(asHtml(filler(7)))).not.toContain("repeated-templates");
    expect(ids(asHtml(filler(8)))).toContain("repeated-templates");
  });

  it("holds the issue's template filler and passes the good article and the test model's prose", () => {
    expect(ids(templateFiller("Balcony tomatoes"))).toEqual(
      expect.arrayContaining(["repeated-templates", "vocabulary-variety"]),
    );
    expect(ids(goodArticle())).toEqual([]);
    const sentence = plainSentences("Balcony tomatoes 1");
    const prose = Array.from({ length: 80 }, sentence);
    const stats = templateStats(prose);
    expect(stats.templated / stats.sentences).toBeLessThan(substanceGate.maxTemplateShare / 2);
  });
});

describe("vocabulary variety", () => {
  const words = (html: string) => wordsOf(htmlToText(html));
  it(`holds below a moving type/token ratio of ${substanceGate.minVariety} (window ${substanceGate.varietyWindow})`, () => {
    const fillerRatio = movingTypeTokenRatio(
      words(templateFiller("x")),
      substanceGate.varietyWindow,
    );
    const goodRatio = movingTypeTokenRatio(words(goodArticle()), substanceGate.varietyWindow);
    const prose = Array.from({ length: 40 }, plainSentences("Worm bins 3")).join(" ");
    const proseRatio = movingTypeTokenRatio(wordsOf(prose), substanceGate.varietyWindow);
    expect(fillerRatio).toBeLessThan(substanceGate.minVariety);
    expect(goodRatio).toBeGreaterThan(0.85);
    expect(proseRatio).toBeGreaterThan(substanceGate.minVariety);
  });

  it("is exact on a window: 25 words twice over reads 0.5, 50 different words 1", () => {
    const half = Array.from({ length: 100 }, (_, i) => `w${i % 25}`);
    expect(movingTypeTokenRatio(half, 50)).toBeCloseTo(0.5, 5);
    const all = Array.from({ length: 100 }, (_, i) => `w${i}`);
    expect(movingTypeTokenRatio(all, 50)).toBe(1);
  });

  it(`judges only from ${substanceGate.varietyMinWords} words`, () => {
    const repeat = (n: number) => `<p>${Array.from({ length: n }, () => "soil").join(" ")}.</p>`;
    expect(ids(repeat(substanceGate.varietyMinWords - 1))).not.toContain("vocabulary-variety");
    expect(ids(repeat(substanceGate.varietyMinWords))).toContain("vocabulary-variety");
  });
});

describe("length against the request", () => {
  const ofWords = (n: number) =>
    `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(" ")}.</p>`;
  it(`holds beyond ±${substanceGate.lengthTolerance * 100}% of the words asked`, () => {
    expect(ids(ofWords(300), { targetWords: 400 })).not.toContain("length-asked");
    expect(ids(ofWords(299), { targetWords: 400 })).toContain("length-asked");
    expect(ids(ofWords(500), { targetWords: 400 })).not.toContain("length-asked");
    expect(ids(ofWords(501), { targetWords: 400 })).toContain("length-asked");
    expect(ids(ofWords(100))).not.toContain("length-asked");
  });
});

describe("heading structure", () => {
  const para = (n: number, seed: string) =>
    `<p>${Array.from({ length: n }, (_, i) => `${seed}${i}`).join(" ")}.</p>`;
  it(`asks ${substanceGate.minSections} H2 sections of a post of ${substanceGate.sectionsFromWords} words or more`, () => {
    const one = (words: number) => `<h2>Only</h2>${para(words - 1, "a")}`;
    expect(ids(one(substanceGate.sectionsFromWords - 1))).not.toContain("heading-structure");
    expect(ids(one(substanceGate.sectionsFromWords))).toContain("heading-structure");
    expect(ids(`<h2>One</h2>${para(300, "a")}<h2>Two</h2>${para(300, "b")}`)).toEqual([]);
  });

  it("holds a skipped level and a section with no text", () => {
    const skipped = substanceReasons({
      content: `<h2>A</h2>${para(10, "a")}<h4>Deep</h4>${para(10, "b")}`,
    });
    expect(skipped[0]?.reason).toBe("“Deep” is an H4 with no H3 above it.");
    const empty = substanceReasons({ content: `<h2>A</h2><h2>B</h2>${para(10, "b")}` });
    expect(empty[0]?.reason).toBe("The section “A” has a heading and no text.");
  });
});

describe("figures without a citation", () => {
  const figures = [
    "A single plant wants 20 litres of compost.",
    "Yields rose by 35% in the trial.",
    "A bag costs $12 at most garden centres.",
    "Water twice a day in July heat.",
  ];
  const post = (n: number, cited = false) =>
    asHtml(figures.slice(0, n).map((s) => (cited ? s.replace(/\.$/, " [1].") : s)));
  it(`holds at ${substanceGate.maxUncitedFigures} uncited figures when the post has sources`, () => {
    expect(ids(post(2), { hasSources: true })).not.toContain("uncited-figures");
    expect(ids(post(3), { hasSources: true })).toContain("uncited-figures");
    // Cited, in a linked paragraph, or with no sources at all: not held.
    expect(ids(post(3, true), { hasSources: true })).not.toContain("uncited-figures");
    expect(
      ids(post(3).replace("<p>", '<p><a href="https://example.com">Source</a> '), {
        hasSources: true,
      }),
    ).not.toContain("uncited-figures");
    expect(ids(post(3))).not.toContain("uncited-figures");
    // "Twice a day" has no figure in it: three of the four sentences state one.
    expect(uncitedFigures(post(4))).toHaveLength(3);
  });
});

describe("the model review's bar", () => {
  const clean = { unsupportedClaims: [], inventedExperience: [], filler: [], fixes: [] };
  it(`passes helpfulness ${reviewBar.minHelpfulness}, holds ${reviewBar.minHelpfulness - 1}`, () => {
    expect(reasonsOfReview({ ...clean, helpfulness: reviewBar.minHelpfulness })).toEqual([]);
    expect(
      reasonsOfReview({ ...clean, helpfulness: reviewBar.minHelpfulness - 1 }).map((r) => r.id),
    ).toEqual(["review-helpfulness"]);
  });

  it(`allows ${reviewBar.maxFiller} filler passages and no unsupported claim or invented experience`, () => {
    const ok = { ...clean, helpfulness: 9 };
    expect(reasonsOfReview({ ...ok, filler: ["a", "b"] })).toEqual([]);
    expect(reasonsOfReview({ ...ok, filler: ["a", "b", "c"] }).map((r) => r.id)).toEqual([
      "review-filler",
    ]);
    expect(reasonsOfReview({ ...ok, unsupportedClaims: ["x"] }).map((r) => r.id)).toEqual([
      "review-unsupported-claims",
    ]);
    expect(reasonsOfReview({ ...ok, inventedExperience: ["y"] }).map((r) => r.id)).toEqual([
      "review-invented-experience",
    ]);
    // Blank items are not findings.
    expect(reasonsOfReview({ ...ok, unsupportedClaims: [" "] })).toEqual([]);
  });
});

describe("copied passages", () => {
  const page = webArticleParagraphs.join(" ");
  const own = (n: number) => Array.from({ length: n }, plainSentences("Own words 9")).join(" ");
  it(`hold at ${plagiarismGate.maxCopiedShare * 100}% of the draft copied, or a passage of ${plagiarismGate.maxPassageWords} words`, () => {
    const copied = webArticleParagraphs[1];
    const draft = `${own(40)} ${copied} ${own(20)}`;
    const overlap = overlapOf(draft, page);
    expect(overlap.passage).toBe(copied.replace(/\.$/, ""));
    expect(overlap.passageWords).toBe(wordsOf(copied).length);
    expect(overlap.copiedWords).toBe(wordsOf(copied).length);
    expect(overlap.copiedShare).toBeCloseTo(overlap.copiedWords / wordsOf(draft).length, 5);
    // Four shared words are no run of five: nothing copied.
    expect(
      overlapOf("the wick draws moisture here", "the wick draws moisture upward"),
    ).toMatchObject({
      copiedWords: 0,
      passage: null,
    });
  });

  it("searches distinctive uncited sentences as quoted phrases, from different parts", () => {
    const html = `${webArticleParagraphs.map((p) => `<p>${p}</p>`).join("")}<p>Cited in full here with many words that count [1].</p>`;
    const phrases = searchPhrases(html);
    expect(phrases).toHaveLength(plagiarismGate.webQueries);
    for (const phrase of phrases) {
      expect(phrase).toMatch(/^".+"$/);
      expect(phrase.split(" ").length).toBeLessThanOrEqual(plagiarismGate.phraseWords);
      expect(phrase).not.toContain("[1]");
    }
    expect(new Set(phrases).size).toBe(phrases.length);
  });
});
