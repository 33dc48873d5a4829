import { decodeEntities, foldCase, textBlocks } from "../../../contracts/content-text.ts";

/** One question of a post's FAQ and its answer, as the page shows them (text only). */
export type FaqEntry = { question: string; answer: string };

/**
 * Headings that open a post's FAQ, compared folded (lower case, no accents): English and the
 * common European forms. A heading that only mentions questions ("Questions about soil") is
 * not one: it is a section like any other.
 */
const faqHeadings = new Set(
  [
    "FAQ",
    "FAQs",
    "F.A.Q.",
    "Frequently asked questions",
    "Häufig gestellte Fragen",
    "Häufige Fragen",
    "Foire aux questions",
    "Questions fréquentes",
    "Questions fréquemment posées",
    "Preguntas frecuentes",
    "Domande frequenti",
    "Perguntas frequentes",
    "Veelgestelde vragen",
    "Vanliga frågor",
    "Ofte stillede spørgsmål",
    "Ofte stilte spørsmål",
    "Usein kysytyt kysymykset",
    "Często zadawane pytania",
    "Najczęściej zadawane pytania",
    "Sıkça sorulan sorular",
  ].map(foldCase),
);

/** Whether an h2's text names an FAQ: "FAQ", "FAQs:", "Frequently Asked Questions (FAQ)". */
export function isFaqHeading(text: string): boolean {
  const folded = foldCase(text)
    .replace(/\s+/g, " ")
    .replace(/\s*\((?:faq|faqs)\)\s*$/, "")
    .replace(/[\s:.]+$/, "")
    .trim();
  return faqHeadings.has(folded) || faqHeadings.has(`${folded}.`);
}

const h2Pattern = /<h2\b[^>]*>([\s\S]*?)<\/h2\s*>/gi;

/**
 * The FAQ a reader sees in a post: under an h2 that names one (`isFaqHeading`), each h3 is a
 * question and the text up to the next h3 or h2 its answer. Questions without answer text
 * are left out; a post without such a heading has none. Most posts have no h2 of that name,
 * so the headings are looked at first and the body is read only from an FAQ heading on.
 */
export function visibleFaq(html: string): FaqEntry[] {
  if (!html.includes("<h2") && !html.includes("<H2")) return [];
  const entries: FaqEntry[] = [];
  for (const match of html.matchAll(h2Pattern)) {
    const heading = decodeEntities((match[1] ?? "").replace(/<[^>]*>/g, " "));
    if (!isFaqHeading(heading)) continue;
    // The FAQ heading's own block, then what follows it to the next h2 (or h1).
    const [, ...blocks] = textBlocks(html.slice(match.index));
    let current: { question: string; answer: string[] } | undefined;
    const close = () => {
      if (current && current.answer.length > 0)
        entries.push({ question: current.question, answer: current.answer.join("\n") });
      current = undefined;
    };
    for (const block of blocks) {
      if (block.kind === "heading" && (block.level ?? 0) <= 2) break;
      if (block.kind === "heading" && block.level === 3) {
        close();
        current = { question: block.text, answer: [] };
        continue;
      }
      current?.answer.push(block.text);
    }
    close();
  }
  return entries;
}
