import render from "dom-serializer";
import { type ChildNode, type Document, Element, type ParentNode, Text } from "domhandler";
import { parseDocument } from "htmlparser2";
import { headingTags, wordsOf } from "../../../contracts/content-text.ts";
import type { Citation, ResearchSource, SourceKind } from "../../../contracts/research.ts";
import { sameSourceKey } from "./sources.ts";

export type CitationOptions = {
  /** Origins of the blog itself (its subdomain, its custom domain): links there stay. */
  internalOrigins?: string[];
  /** The heading of the list appended at the end (the blog's language). */
  heading?: string;
};

export type CitedSource = {
  n: number;
  /** The number readers see; null for an owner's note (nothing to click). */
  number: number | null;
  kind: SourceKind;
  url: string | null;
  title: string;
};

export type RemovedLink = { href: string; text: string };

export type CitationResult = {
  html: string;
  /** Each source cited at least once: the linked ones in the order readers see, then notes. */
  cited: CitedSource[];
  /** Every citation, in the order of the text. */
  citations: Citation[];
  /** Numbers cited that are no source: their markers were removed. */
  unknown: number[];
  /** Links that were neither a source nor the blog's own: unwrapped, their text kept. */
  removedLinks: RemovedLink[];
};

/** Where `[n]` is text, not a citation. */
const literalTags = new Set(["code", "pre", "kbd", "samp", "script", "style"]);
/** The element whose text is the passage around a citation. */
const passageTags = new Set([
  "p",
  "li",
  "blockquote",
  "td",
  "th",
  "dd",
  "dt",
  "figcaption",
  "caption",
  ...headingTags,
]);
/** The post's last section under one of these headings is the model's own list: ours replaces it. */
const sourceHeadings = new Set(["sources", "references", "bibliography", "works cited"]);

/** `[3]`, `[1, 4]`, `[2–5]` with the space before it. */
const markerPattern = /\s*\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\](?!\()/g;

/**
 * Turns the model's `[n]` into citations readers can follow and leaves no outside link that
 * is not a source (decision 330). Call it once, on the whole post.
 *
 * - `[n]` of a source with an address becomes `<sup><a href="{address}">[k]</a></sup>`, k being
 *   the source's place in the order of first citation; the list at the end, "Sources", has the
 *   same numbers. A note of the owner is cited for the editor only (its marker is removed: there
 *   is nothing to click). A number that is no source is removed.
 * - A link stays when it goes to a source (search results with `rel="nofollow"`: found by a
 *   machine, not vouched for; the owner's pages without) or to the blog itself (relative, or an
 *   `internalOrigins` address); any other is unwrapped, its text kept.
 * - Each citation reports the sentence it closes, its paragraph, and the source's sentence that
 *   supports it with an address that opens the page at that sentence.
 */
export function linkCitations(
  html: string,
  sources: ResearchSource[],
  options: CitationOptions = {},
): CitationResult {
  const document = parseDocument(html, { decodeEntities: true });
  const byN = new Map(sources.map((s) => [s.n, s]));
  const byAddress = new Map<string, ResearchSource>();
  for (const source of sources) {
    for (const address of [source.url, source.finalUrl]) {
      if (address && !byAddress.has(sameSourceKey(address)))
        byAddress.set(sameSourceKey(address), source);
    }
  }
  const internal = new Set(
    (options.internalOrigins ?? []).flatMap((o) => {
      try {
        return [new URL(o).origin];
      } catch {
        return [];
      }
    }),
  );
  const heading = options.heading ?? "Sources";

  removeSourcesSection(document, new Set([...sourceHeadings, heading.toLowerCase()]));
  const removedLinks = checkLinks(document, byAddress, internal);

  // Markers in document order, with the passage each closes.
  type Found = { start: number; end: number; ns: number[] };
  const marked: { node: Text; found: Found[] }[] = [];
  for (const node of citableText(document)) {
    const found: Found[] = [];
    for (const match of node.data.matchAll(markerPattern)) {
      found.push({
        start: match.index,
        end: match.index + match[0].length,
        ns: numbersOf(match[1] as string),
      });
    }
    if (found.length > 0) marked.push({ node, found });
  }
  const passages = passagesOf(marked.map((m) => m.node));

  const numberOf = new Map<number, number>();
  const citations: Citation[] = [];
  const unknown = new Set<number>();
  const citedNotes = new Set<number>();
  for (const { node, found } of marked) {
    for (const [index, marker] of found.entries()) {
      const place = passages.get(node)?.[index];
      for (const n of marker.ns) {
        const source = byN.get(n);
        if (!source) {
          unknown.add(n);
          continue;
        }
        let number: number | null = null;
        if (source.url) {
          number = numberOf.get(n) ?? numberOf.size + 1;
          numberOf.set(n, number);
        } else citedNotes.add(n);
        const sentence = place?.sentence ?? "";
        const support = supportingSentence(source.text, sentence);
        citations.push({
          n,
          number,
          sentence,
          passage: place?.passage ?? "",
          supportingText: support,
          checkUrl: source.url ? checkUrlOf(source.url, support) : null,
        });
      }
    }
  }

  // Citations that follow a kept link they were written inside, in the order written.
  const afterLink = new Map<Element, ChildNode[]>();
  for (const { node, found } of marked) {
    const linkAround = enclosingLink(node);
    const pieces: ChildNode[] = [];
    const after = linkAround ? (afterLink.get(linkAround) ?? []) : [];
    if (linkAround) afterLink.set(linkAround, after);
    let at = 0;
    for (const marker of found) {
      if (marker.start > at) pieces.push(new Text(node.data.slice(at, marker.start)));
      at = marker.end;
      const linked = [...new Set(marker.ns)].flatMap((n) => {
        const source = byN.get(n);
        const number = numberOf.get(n);
        return source?.url && number !== undefined ? [anchor(source, `[${number}]`)] : [];
      });
      if (linked.length === 0) continue;
      // A link cannot hold another: a marker inside a kept link follows it. A marker the
      // model already set in <sup> is not raised twice.
      const raised =
        !linkAround && isElement(node.parent, "sup") ? linked : [element("sup", {}, linked)];
      (linkAround ? after : pieces).push(...raised);
    }
    if (at < node.data.length) pieces.push(new Text(node.data.slice(at)));
    replace(node, pieces);
  }
  for (const [link, after] of afterLink) {
    if (after.length === 0) continue;
    // "the study [1] and</a> more" reads "the study and⁽¹⁾ more": the link's trailing space
    // goes after the citation.
    const last = lastText(link);
    if (last && /\s$/.test(last.data)) {
      last.data = last.data.trimEnd();
      const next = link.next;
      if (next && !(next instanceof Text && /^[\s\p{P}]/u.test(next.data)))
        after.push(new Text(" "));
    }
    insertAfter(link, after);
  }

  const linked = [...numberOf.entries()]
    .sort((a, b) => a[1] - b[1])
    .map(([n]) => byN.get(n) as ResearchSource);
  if (linked.length > 0) {
    const items = linked.map((source) => {
      const parts: ChildNode[] = [anchor(source, source.title || hostOf(source.url))];
      const host = hostOf(source.url);
      if (host && host !== source.title) parts.push(new Text(` (${host})`));
      return element("li", {}, parts);
    });
    append(document, [element("h2", {}, [new Text(heading)]), element("ol", {}, items)]);
  }

  const cited: CitedSource[] = [
    ...linked.map((s) => ({
      n: s.n,
      number: numberOf.get(s.n) ?? null,
      kind: s.kind,
      url: s.url,
      title: s.title,
    })),
    ...[...citedNotes].map((n) => {
      const s = byN.get(n) as ResearchSource;
      return { n, number: null, kind: s.kind, url: null, title: s.title };
    }),
  ];
  return {
    html: render(document, { encodeEntities: "utf8" }),
    cited,
    citations,
    unknown: [...unknown].sort((a, b) => a - b),
    removedLinks,
  };
}

function numbersOf(list: string): number[] {
  const ns: number[] = [];
  for (const part of list.split(",")) {
    const [from, to] = part.split(/[–-]/).map((x) => Number(x.trim()));
    if (from === undefined) continue;
    if (to === undefined) ns.push(from);
    // A range (`[2–5]`) within reason; a reversed or huge one is taken as its ends.
    else if (to >= from && to - from <= 20) for (let n = from; n <= to; n++) ns.push(n);
    else ns.push(from, to);
  }
  return ns;
}

const relOf = (source: ResearchSource) => (source.kind === "search" ? "nofollow" : undefined);

function anchor(source: ResearchSource, label: string): Element {
  const rel = relOf(source);
  return element("a", rel ? { href: source.url ?? "", rel } : { href: source.url ?? "" }, [
    new Text(label),
  ]);
}

function element(name: string, attribs: Record<string, string>, children: ChildNode[]): Element {
  const el = new Element(name, attribs, children);
  for (const child of children) child.parent = el;
  return el;
}

function hostOf(url: string | null): string {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, "") : "";
  } catch {
    return "";
  }
}

const textOf = (node: ChildNode): string =>
  node instanceof Text
    ? node.data
    : node instanceof Element
      ? node.children.map(textOf).join("")
      : "";

function lastText(node: ChildNode): Text | undefined {
  if (node instanceof Text) return node;
  if (!(node instanceof Element)) return undefined;
  for (let i = node.children.length - 1; i >= 0; i--) {
    const found = lastText(node.children[i] as ChildNode);
    if (found) return found;
  }
  return undefined;
}

/** Inline elements that show nothing once empty (`<strong>[1]</strong>` after its marker left). */
const inlineTags = new Set(["strong", "em", "b", "i", "u", "s", "mark", "span", "sub", "sup"]);

function replace(node: ChildNode, replacement: ChildNode[]) {
  const parent = node.parent as ParentNode;
  const position = parent.children.indexOf(node);
  for (const child of replacement) child.parent = parent;
  parent.children.splice(position, 1, ...replacement);
  relink(parent);
  if (
    parent.children.length === 0 &&
    parent instanceof Element &&
    inlineTags.has(parent.name.toLowerCase()) &&
    parent.parent
  ) {
    replace(parent, []);
  }
}

function insertAfter(node: ChildNode, nodes: ChildNode[]) {
  const parent = node.parent as ParentNode;
  const position = parent.children.indexOf(node);
  for (const child of nodes) child.parent = parent;
  parent.children.splice(position + 1, 0, ...nodes);
  relink(parent);
}

function append(parent: ParentNode, nodes: ChildNode[]) {
  for (const child of nodes) child.parent = parent;
  parent.children.push(...nodes);
  relink(parent);
}

/** Sibling pointers after a splice (the serializer walks children, others may walk siblings). */
function relink(parent: ParentNode) {
  parent.children.forEach((child, i) => {
    child.prev = parent.children[i - 1] ?? null;
    child.next = parent.children[i + 1] ?? null;
  });
}

/**
 * The list of sources the model wrote itself: a heading "Sources" (or References, …) that opens
 * the post's last section, with that section. A section of that name before another of its
 * level is the post's own and stays.
 */
function removeSourcesSection(document: Document, names: Set<string>) {
  const top = document.children;
  let laterLevel = 7; // the highest (smallest) heading level after the node at hand
  for (let i = top.length - 1; i >= 0; i--) {
    const node = top[i] as ChildNode;
    const level = node instanceof Element ? headingLevel(node) : 0;
    if (level === 0 || level >= laterLevel) {
      if (level > 0) laterLevel = level;
      continue;
    }
    const title = textOf(node)
      .replace(/[:：]\s*$/, "")
      .trim()
      .toLowerCase();
    if (names.has(title)) {
      top.splice(i);
      relink(document);
      return;
    }
    laterLevel = level;
  }
}

function headingLevel(node: Element): number {
  const match = /^h([1-6])$/.exec(node.name.toLowerCase());
  return match ? Number(match[1]) : 0;
}

/**
 * Keeps links to sources and to the blog, unwraps every other (and any link inside a kept
 * one); answers what was unwrapped.
 */
function checkLinks(
  document: Document,
  byAddress: Map<string, ResearchSource>,
  internal: Set<string>,
): RemovedLink[] {
  const removed: RemovedLink[] = [];
  const walk = (parent: ParentNode, insideLink: boolean) => {
    for (let i = 0; i < parent.children.length; i++) {
      const node = parent.children[i] as ChildNode;
      if (!(node instanceof Element)) continue;
      if (node.name.toLowerCase() !== "a") {
        walk(node, insideLink);
        continue;
      }
      const href = node.attribs.href ?? "";
      const verdict = insideLink ? "outside" : classify(href, byAddress, internal);
      if (verdict === "outside") {
        if (node.attribs.href !== undefined) removed.push({ href, text: textOf(node).trim() });
        const children = node.children;
        for (const child of children) child.parent = parent;
        parent.children.splice(i, 1, ...children);
        relink(parent);
        i--; // the unwrapped children are walked next, in place of the link
        continue;
      }
      if (verdict !== "internal") {
        const rel = relOf(verdict);
        if (rel) node.attribs.rel = rel;
        else delete node.attribs.rel;
      }
      walk(node, true);
    }
  };
  walk(document, false);
  return removed;
}

function classify(
  href: string,
  byAddress: Map<string, ResearchSource>,
  internal: Set<string>,
): "internal" | "outside" | ResearchSource {
  // As browsers read it: surrounding space and tabs or newlines inside are ignored, and a
  // backslash counts as a slash.
  const address = href.replace(/[\t\n\r]/g, "").trim();
  if (address === "") return "outside";
  const schemeRelative = /^[/\\]{2}/.test(address);
  if (!schemeRelative && !/^[a-z][a-z0-9+.-]*:/i.test(address)) return "internal";
  let url: URL;
  try {
    url = new URL(schemeRelative ? `https:${address.replace(/\\/g, "/")}` : address);
  } catch {
    return "outside";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "outside";
  const source = byAddress.get(sameSourceKey(url.href));
  if (source && !schemeRelative) return source;
  return internal.has(url.origin) ? "internal" : "outside";
}

/** Text nodes where a marker is a citation: not in code, not inside the element `a`'s href. */
function* citableText(parent: ParentNode): Generator<Text> {
  for (const node of parent.children) {
    if (node instanceof Text) yield node;
    else if (node instanceof Element && !literalTags.has(node.name.toLowerCase()))
      yield* citableText(node);
  }
}

const isElement = (node: ParentNode | null, name: string): boolean =>
  node instanceof Element && node.name.toLowerCase() === name;

function enclosingLink(node: ChildNode): Element | undefined {
  let link: Element | undefined;
  for (let at = node.parent; at; at = at.parent) {
    if (at instanceof Element && at.name.toLowerCase() === "a") link = at;
  }
  return link;
}

function passageElement(node: ChildNode): ParentNode | undefined {
  for (let at = node.parent; at; at = at.parent) {
    if (at instanceof Element && passageTags.has(at.name.toLowerCase())) return at;
  }
  return undefined;
}

type Place = { sentence: string; passage: string };

const maxPassage = 1_000;
const maxSentence = 500;
const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/**
 * For each marked text node, the sentence each of its markers closes and the passage around:
 * the text of its paragraph (list item, cell, heading) with every marker taken out.
 */
function passagesOf(nodes: Text[]): Map<Text, Place[]> {
  const places = new Map<Text, Place[]>();
  const marked = new Set(nodes);
  const done = new Set<ParentNode>();
  for (const first of nodes) {
    const block = passageElement(first) ?? (first.parent as ParentNode);
    if (done.has(block)) continue;
    done.add(block);
    let text = "";
    const offsets = new Map<Text, number[]>();
    const collect = (parent: ParentNode) => {
      for (const node of parent.children) {
        if (node instanceof Element) collect(node);
        else if (node instanceof Text) {
          if (!marked.has(node)) {
            text += node.data;
            continue;
          }
          const at: number[] = [];
          let last = 0;
          for (const match of node.data.matchAll(markerPattern)) {
            text += node.data.slice(last, match.index);
            at.push(text.length);
            last = match.index + match[0].length;
          }
          text += node.data.slice(last);
          offsets.set(node, at);
        }
      }
    };
    collect(block);
    const passage = squash(text);
    const sentences = [...sentenceSegmenter.segment(text)];
    for (const [node, at] of offsets) {
      places.set(
        node,
        at.map((offset) => {
          // The claim ends just before the marker ("… grows fast.[1]" or "… grows fast [1].").
          let end = offset;
          while (end > 0 && /\s/.test(text[end - 1] as string)) end--;
          const segment = sentences.find(
            (s) => s.index < Math.max(end, 1) && Math.max(end, 1) <= s.index + s.segment.length,
          );
          return {
            sentence: clip(squash(segment?.segment ?? text), maxSentence),
            passage: clip(passage, maxPassage),
          };
        }),
      );
    }
  }
  return places;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** Words that say nothing about a claim. */
const stopWords = new Set(
  "the and for are was were with that this from have has had not but you your they their its can will would could should than then them these those into about over also more most some such only other which what when where who how all any each our out one two per may might been being there here very just".split(
    " ",
  ),
);

function claimWords(text: string): Set<string> {
  return new Set(wordsOf(text).filter((w) => (w.length >= 3 || /\d/.test(w)) && !stopWords.has(w)));
}

/**
 * The sentence of the source that shares most words with the claim (numbers count double),
 * when it shares at least two and a third of the claim's words: what an editor checks first.
 */
export function supportingSentence(sourceText: string, claim: string): string | null {
  const wanted = claimWords(claim);
  if (wanted.size === 0) return null;
  let best: { sentence: string; score: number; shared: number } | undefined;
  for (const paragraph of sourceText.split(/\n{2,}/)) {
    for (const { segment } of sentenceSegmenter.segment(paragraph)) {
      const sentence = squash(segment);
      let shared = 0;
      let score = 0;
      for (const word of claimWords(sentence)) {
        if (!wanted.has(word)) continue;
        shared++;
        score += /\d/.test(word) ? 2 : 1;
      }
      if (!best || score > best.score) best = { sentence, score, shared };
    }
  }
  if (!best || best.shared < 2 || best.shared < wanted.size / 3) return null;
  return clip(best.sentence, maxSentence);
}

/**
 * The source's address with a text fragment (`#:~:text=start,end`) that browsers following
 * text fragments scroll to and highlight; the plain address when there is no passage.
 */
export function checkUrlOf(url: string, passage: string | null): string {
  const base = url.split("#")[0] as string;
  if (!passage) return base;
  const words = passage.replace(/…$/, "").split(/\s+/).filter(Boolean);
  const encode = (part: string[]) => encodeURIComponent(part.join(" ")).replace(/-/g, "%2D");
  const fragment =
    words.length <= 8 ? encode(words) : `${encode(words.slice(0, 4))},${encode(words.slice(-4))}`;
  return `${base}#:~:text=${fragment}`;
}
