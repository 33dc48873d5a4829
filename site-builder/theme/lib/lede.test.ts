import { describe, expect, it } from "vitest";
import { ledeOf } from "./lede.ts";

const html =
  "<h2>Why I signed up</h2><p>Running fifty kilometres through the hills was a dare &amp; a plan.</p><h2>Training</h2><p>Twelve weeks.</p>";

describe("ledeOf", () => {
  it("shows no generated excerpt: today's form, the form with headings, one cut anywhere", () => {
    for (const excerpt of [
      "Running fifty kilometres through the hills was a dare & a plan. Twelve weeks.",
      "Why I signed up Running fifty kilometres through the hills was a dare & a plan. Training Twelve weeks.",
      "Why I signed up Running fifty kilometres through the hi",
      "Running fifty kilometres…",
    ]) {
      expect(ledeOf({ excerpt, metaDescription: null, html })).toBe("");
    }
  });

  it("shows the excerpt the owner wrote, before the SEO description", () => {
    expect(
      ledeOf({ excerpt: "A dare that became a plan.", metaDescription: "My first ultra.", html }),
    ).toBe("A dare that became a plan.");
  });

  it("shows the owner's SEO description when the excerpt is generated", () => {
    expect(
      ledeOf({
        excerpt: "Running fifty kilometres through the hills…",
        metaDescription: "  What a first ultra taught me.  ",
        html,
      }),
    ).toBe("What a first ultra taught me.");
    // A description that only repeats the start is not shown either.
    expect(
      ledeOf({
        excerpt: "Running fifty kilometres…",
        metaDescription: "Running fifty kilometres through the hills",
        html,
      }),
    ).toBe("");
  });

  it("counts an excerpt from a later paragraph as the owner's", () => {
    expect(ledeOf({ excerpt: "Twelve weeks.", metaDescription: null, html })).toBe("Twelve weeks.");
  });

  it("reads a long body only as far as the excerpt, with the same answer as reading it all", () => {
    const long = `${html}${"<p>Another week of hills and long runs on tired legs.</p>".repeat(2000)}`;
    expect(
      ledeOf({
        excerpt: "Running fifty kilometres through the hills…",
        metaDescription: null,
        html: long,
      }),
    ).toBe("");
    // A difference in the last letters of the excerpt still counts.
    expect(
      ledeOf({
        excerpt: "Running fifty kilometres through the hillz",
        metaDescription: null,
        html: long,
      }),
    ).toBe("Running fifty kilometres through the hillz");
    // A combining mark right after where a first read stops (202 characters for this
    // 69-letter excerpt): "é" is one letter, in the body as in the excerpt.
    const accent = `<p>${" ".repeat(132)}${"a".repeat(68)}e\u0301 and more words after it</p>`;
    expect(ledeOf({ excerpt: `${"a".repeat(68)}é`, metaDescription: null, html: accent })).toBe("");
    expect(ledeOf({ excerpt: `${"a".repeat(68)}e`, metaDescription: null, html: accent })).toBe(
      `${"a".repeat(68)}e`,
    );
  });
});
