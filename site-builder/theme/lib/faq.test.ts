import { describe, expect, it } from "vitest";
import { isFaqHeading, visibleFaq } from "./faq.ts";

describe("isFaqHeading", () => {
  it("knows the FAQ headings, in any case and with trailing punctuation", () => {
    for (const heading of [
      "FAQ",
      "faqs",
      "FAQs:",
      "F.A.Q.",
      "Frequently Asked Questions",
      "Frequently asked questions (FAQ)",
      "  frequently   asked questions ",
      "Häufig gestellte Fragen",
      "Preguntas frecuentes",
      "Foire aux questions",
    ]) {
      expect(isFaqHeading(heading), heading).toBe(true);
    }
  });

  it("is not fooled by a heading that only mentions questions", () => {
    for (const heading of ["Questions about soil", "FAQ about tomatoes", "Our FAQ policy", ""]) {
      expect(isFaqHeading(heading), heading).toBe(false);
    }
  });
});

describe("visibleFaq", () => {
  it("reads each h3 under the FAQ heading as a question, the text up to the next as its answer", () => {
    const html = [
      "<h2>Why compost?</h2><p>It feeds the soil.</p>",
      "<h3>Not a question</h3><p>Outside the FAQ.</p>",
      "<h2>Frequently <em>asked</em> questions</h2>",
      "<p>A few we hear often.</p>",
      "<h3>How long does compost take?</h3><p>Two to six months.</p><p>Less in summer.</p>",
      "<h3>Can I compost &amp; keep it odour-free?</h3><ul><li>Turn it weekly.</li><li>Add browns.</li></ul>",
      "<h3>What about meat?</h3>",
      "<h2>Sources</h2><h3>Not a question either</h3><p>After the FAQ.</p>",
    ].join("");
    expect(visibleFaq(html)).toEqual([
      { question: "How long does compost take?", answer: "Two to six months.\nLess in summer." },
      {
        question: "Can I compost & keep it odour-free?",
        answer: "Turn it weekly.\nAdd browns.",
      },
    ]);
  });

  it("finds nothing without a FAQ heading, or without questions under it", () => {
    expect(visibleFaq("<p>No headings.</p>")).toEqual([]);
    expect(visibleFaq("<h2>Questions</h2><h3>How deep?</h3><p>Ten centimetres.</p>")).toEqual([]);
    expect(visibleFaq("<h2>FAQ</h2><p>Ask us anything.</p><h2>Next</h2>")).toEqual([]);
    // An h3 question written as a paragraph in bold is not a question heading.
    expect(visibleFaq("<h2>FAQ</h2><p><strong>How deep?</strong> Ten centimetres.</p>")).toEqual(
      [],
    );
  });

  it("ends the FAQ at the end of the post", () => {
    expect(visibleFaq('<h2 id="faq">FAQs</h2><h3>Is it hard?</h3><p>No.</p>')).toEqual([
      { question: "Is it hard?", answer: "No." },
    ]);
  });
});
