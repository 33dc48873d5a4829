import render from "dom-serializer";
import { type ChildNode, Element, type ParentNode, Text } from "domhandler";
import { parseDocument } from "htmlparser2";
import { headingTags, wholePhrasePattern } from "../../contracts/content-text.ts";

export { escapeRegExp } from "../../contracts/content-text.ts";

export type AutoLink = { id: string; keyword: string };

export type InsertOptions = {
  /** The link's href on the page (a relative `/go/{id}` route that counts the click). */
  hrefFor: (linkId: string) => string;
  /** At most this many affiliate links in one post. */
  maxLinks?: number;
};

/**
 * Text inside these is never linked: existing links, headings, code, and the editor's product
 * box (an `<aside>`, the only one the sanitizer keeps), which has its own affiliate button.
 */
export const untouchable = new Set([
  "aside",
  "a",
  ...headingTags,
  "code",
  "pre",
  "kbd",
  "samp",
  "script",
  "style",
  "button",
  "label",
]);

/**
 * A keyword as a case-insensitive whole-word pattern, sticky: it confirms a candidate found by
 * the automaton at one position.
 */
const keywordPattern = (keyword: string): RegExp => wholePhrasePattern(keyword, "iuy");

/** The text nodes a link may go in: not inside an `untouchable` element. */
export function* textNodes(parent: ParentNode): Generator<Text> {
  for (const node of parent.children) {
    if (node instanceof Text) yield node;
    else if (node instanceof Element && !untouchable.has(node.name.toLowerCase()))
      yield* textNodes(node);
  }
}

const whitespace = /\s/u;
const foldedCodes = new Map<number, number>();
/**
 * One code point for every code point a case-insensitive (`iu`) pattern treats as equal:
 * lower-case of upper-case (so "ς", "σ" and "Σ", or "ſ" and "s", fold alike), every kind of
 * white space as a plain space. A coarser fold only adds candidates; the keyword's own pattern
 * confirms each one, so the result is the pattern's, not this fold's.
 */
function fold(code: number): number {
  let folded = foldedCodes.get(code);
  if (folded === undefined) {
    const char = String.fromCodePoint(code);
    if (whitespace.test(char)) folded = 32;
    else {
      const round = char.toUpperCase().toLowerCase();
      const lower = char.toLowerCase();
      folded =
        [...round].length === 1
          ? (round.codePointAt(0) as number)
          : [...lower].length === 1
            ? (lower.codePointAt(0) as number)
            : code;
    }
    foldedCodes.set(code, folded);
  }
  return folded;
}

/** The folded code points of a keyword, white space runs as one space. */
function foldedKeyword(keyword: string): number[] {
  const out: number[] = [];
  for (const char of keyword.trim()) {
    const code = fold(char.codePointAt(0) as number);
    if (code === 32 && out[out.length - 1] === 32) continue;
    out.push(code);
  }
  return out;
}

/**
 * An Aho–Corasick automaton over folded keywords: one pass over a text finds every place any
 * keyword occurs, however many keywords there are (the cost was texts × keywords before).
 * Written here rather than taken from npm: the packages there are unmaintained, and none
 * matches under a custom fold while reporting positions in the original (unfolded) text.
 */
class KeywordAutomaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly failure: number[] = [0];
  /** Keyword indexes ending at each state, and the folded length of each keyword. */
  private readonly outputs: number[][] = [[]];
  private readonly dictionaryLink: number[] = [-1];
  readonly lengths: number[] = [];

  constructor(keywords: number[][]) {
    keywords.forEach((codes, index) => {
      let state = 0;
      for (const code of codes) {
        let to = this.next[state]?.get(code);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          this.failure.push(0);
          this.outputs.push([]);
          this.dictionaryLink.push(-1);
          this.next[state]?.set(code, to);
        }
        state = to;
      }
      this.outputs[state]?.push(index);
      this.lengths[index] = codes.length;
    });
    // Breadth-first: each state's failure is the longest proper suffix that is also a prefix.
    const queue: number[] = [...(this.next[0]?.values() ?? [])];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      for (const [code, to] of this.next[state] ?? []) {
        let fail = this.failure[state] as number;
        while (fail !== 0 && !this.next[fail]?.has(code)) fail = this.failure[fail] as number;
        const target = this.next[fail]?.get(code);
        this.failure[to] = target !== undefined && target !== to ? target : 0;
        const f = this.failure[to] as number;
        this.dictionaryLink[to] =
          (this.outputs[f]?.length ?? 0) > 0 ? f : (this.dictionaryLink[f] as number);
        queue.push(to);
      }
    }
  }

  /**
   * Calls `found(keyword, start, end)` for every occurrence in `text`, with UTF-16 offsets into
   * `text` itself, in order of the occurrence's end.
   */
  scan(text: string, found: (keyword: number, start: number, end: number) => void): void {
    // Offsets (in `text`) where each folded code point starts; runs of white space are one.
    const starts: number[] = [];
    let state = 0;
    let previousSpace = false;
    for (let i = 0; i < text.length; ) {
      const raw = text.codePointAt(i) as number;
      const width = raw > 0xffff ? 2 : 1;
      const code = fold(raw);
      const end = i + width;
      if (code === 32 && previousSpace) {
        // One more white space in a run: the run still reads as one space.
        i = end;
        continue;
      }
      previousSpace = code === 32;
      starts.push(i);
      while (state !== 0 && !this.next[state]?.has(code)) state = this.failure[state] as number;
      state = this.next[state]?.get(code) ?? 0;
      for (let out = state; out > 0; out = this.dictionaryLink[out] as number) {
        for (const keyword of this.outputs[out] ?? []) {
          const start = starts[starts.length - (this.lengths[keyword] as number)] as number;
          found(keyword, start, end);
        }
      }
      i = end;
    }
  }
}

type Occurrence = { node: number; start: number };
type Claimed = { start: number; end: number; linkId: string };

function anchorFor(label: string, linkId: string, options: InsertOptions): Element {
  const anchor = new Element("a", { href: options.hrefFor(linkId), rel: "sponsored nofollow" });
  const text = new Text(label);
  text.parent = anchor;
  anchor.children = [text];
  return anchor;
}

/** The links that can be placed, longest keyword first (ties by keyword); blank keywords dropped. */
export function usableLinks(links: AutoLink[]): AutoLink[] {
  return links
    .filter((l) => l.keyword.trim() !== "")
    .sort(
      (a, b) =>
        b.keyword.trim().length - a.keyword.trim().length || a.keyword.localeCompare(b.keyword),
    );
}

/**
 * Links each keyword the first time it appears in the post's text (whole words, any case),
 * longest keyword first, at most `maxLinks` links per post, never inside an existing link,
 * a heading or code. The stored post is not touched: this runs on the HTML being rendered.
 *
 * The text is read once for all keywords (an Aho–Corasick automaton); each keyword then takes
 * its first occurrence, in document order, that an earlier (longer) keyword's link does not
 * cover and that is a whole word within the text left around those links.
 */
export function insertAffiliateLinks(
  html: string,
  links: AutoLink[],
  options: InsertOptions,
): { html: string; inserted: string[] } {
  const maxLinks = options.maxLinks ?? 5;
  const usable = usableLinks(links);
  if (usable.length === 0 || maxLinks <= 0) return { html, inserted: [] };
  const document = parseDocument(html, { decodeEntities: true });
  const nodes = [...textNodes(document)];
  const automaton = new KeywordAutomaton(usable.map((l) => foldedKeyword(l.keyword)));
  const occurrences: Occurrence[][] = usable.map(() => []);
  nodes.forEach((node, index) => {
    automaton.scan(node.data, (keyword, start) => {
      occurrences[keyword]?.push({ node: index, start });
    });
  });

  // Links already placed, per text node, as offsets into the node's original text.
  const claimed = new Map<number, Claimed[]>();
  const inserted: string[] = [];
  for (const [index, link] of usable.entries()) {
    if (inserted.length >= maxLinks) break;
    const pattern = keywordPattern(link.keyword);
    for (const { node, start } of occurrences[index] ?? []) {
      const text = (nodes[node] as Text).data;
      const taken = claimed.get(node) ?? [];
      // The stretch of text left between links around this start: the keyword must fit in it.
      let from = 0;
      let to = text.length;
      let covered = false;
      for (const c of taken) {
        if (c.end <= start) from = Math.max(from, c.end);
        else if (c.start > start) to = Math.min(to, c.start);
        else covered = true;
      }
      if (covered) continue;
      pattern.lastIndex = start - from;
      const match = pattern.exec(text.slice(from, to));
      if (!match) continue;
      taken.push({ start, end: start + match[0].length, linkId: link.id });
      claimed.set(node, taken);
      inserted.push(link.id);
      break;
    }
  }
  if (inserted.length === 0) return { html, inserted };

  for (const [node, taken] of claimed) {
    const textNode = nodes[node] as Text;
    const text = textNode.data;
    const replacement: ChildNode[] = [];
    let at = 0;
    for (const c of taken.sort((x, y) => x.start - y.start)) {
      if (c.start > at) replacement.push(new Text(text.slice(at, c.start)));
      replacement.push(anchorFor(text.slice(c.start, c.end), c.linkId, options));
      at = c.end;
    }
    if (at < text.length) replacement.push(new Text(text.slice(at)));
    const parent = textNode.parent as ParentNode;
    const position = parent.children.indexOf(textNode);
    for (const child of replacement) child.parent = parent;
    parent.children.splice(position, 1, ...replacement);
  }
  return { html: render(document, { encodeEntities: "utf8" }), inserted };
}
