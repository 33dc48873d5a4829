import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { htmlToText } from "../../../contracts/content-text.ts";

/**
 * A fetched page reduced to its main text: Mozilla's Readability (Firefox's reader view) on
 * linkedom's DOM (decision 330). Plain data in and out, so it runs on a worker thread
 * (`extractArticle` of the CPU tasks) as well as inline.
 */

export type ExtractedArticle = { title: string; text: string };

/** The page's bytes as text, then its article. */
export function extractPage(input: {
  bytes: Uint8Array;
  contentType: string;
}): ExtractedArticle | null {
  return extractArticle(decodeHtml(input.bytes, input.contentType));
}

/**
 * The page's text in its own encoding: the Content-Type's charset, else a `<meta>` charset in
 * the first kilobytes, else UTF-8 (a label Node does not know falls back to UTF-8 too).
 */
export function decodeHtml(bytes: Uint8Array, contentType: string): string {
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(
      new TextDecoder("latin1").decode(bytes.subarray(0, 4096)),
    )?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * The main text of a page (Mozilla's Readability, the reader view of Firefox, on linkedom's
 * DOM): its title and its paragraphs, headings and list items, separated by blank lines.
 */
export function extractArticle(html: string): ExtractedArticle | null {
  const { document } = parseHTML(html);
  const pageTitle = squash(document.querySelector("title")?.textContent ?? "");
  const headings = [...document.querySelectorAll("h1")].map((h) => squash(h.textContent ?? ""));
  // Readability reads (and changes) the document it is given; this one is ours alone.
  let article: ReturnType<Readability["parse"]>;
  try {
    article = new Readability(document as unknown as Document).parse();
  } catch {
    return null; // markup the extractor cannot walk: no text to use
  }
  if (!article?.content) return null;
  const text = htmlToText(article.content).split("\n\n").map(squash).filter(Boolean).join("\n\n");
  // The article's own heading when the page's title is that heading and the site's name
  // ("Bokashi, measured | Garden Notes"), which Readability keeps for short titles.
  const heading = headings.length === 1 ? (headings[0] as string) : "";
  const title =
    heading && pageTitle.startsWith(heading) ? heading : squash(article.title ?? pageTitle);
  return { title, text };
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
