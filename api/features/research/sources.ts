import {
  type OwnerMaterial,
  type ResearchSource,
  researchLimits,
  type SourceFailure,
  type SourceKind,
  type SourceScope,
  sourceScopes,
} from "../../../contracts/research.ts";
import {
  type FetchedPage,
  fetchSourcePage,
  type PageFailure,
  type PageFetchOptions,
} from "./pages.ts";
import type { SearchResult } from "./search.ts";

export type GatherInput = {
  /** What the owner gave for this post, its topic and its blog ("what we know first-hand"). */
  owner?: Partial<Record<SourceScope, Partial<OwnerMaterial>>>;
  /** What the search provider found, best first. */
  search?: SearchResult[];
};

export type GatherOptions = {
  pages?: PageFetchOptions;
  /** Web pages read at most (owner URLs first, then search results). */
  pagesPerPost?: number;
  charsPerSource?: number;
  totalChars?: number;
  /** Fetches one page (default: `fetchSourcePage` with `pages`). */
  fetchPage?: (url: string) => Promise<FetchedPage | PageFailure>;
};

export type GatheredSources = {
  /**
   * Numbered from 1: the owner's notes (post, topic, blog: the most specific first), the
   * owner's pages in the same order, then search results.
   */
  sources: ResearchSource[];
  /** What could not be used, for the owner to see. */
  failures: SourceFailure[];
};

type Candidate = { url: string; kind: SourceKind; scope: SourceScope | null };

/**
 * The sources a post is written from, ready for a prompt: the owner's notes as they are, the
 * owner's pages and then search results fetched and reduced to their main text, each page
 * once (by its address after redirects, so two links to one article count once), every text
 * cut to a fair share of the budget. A search result that fails is replaced by the next one
 * while there are results and attempts left; an owner's page that fails is reported.
 */
export async function gatherSources(
  input: GatherInput,
  options: GatherOptions = {},
): Promise<GatheredSources> {
  const pagesPerPost = options.pagesPerPost ?? researchLimits.pagesPerPost;
  const fetchPage = options.fetchPage ?? ((url: string) => fetchSourcePage(url, options.pages));
  const failures: SourceFailure[] = [];
  const failed = (c: Candidate, reason: SourceFailure["reason"], error: string) =>
    failures.push({ url: c.url, kind: c.kind, scope: c.scope, reason, error });

  type Entry = Omit<ResearchSource, "n" | "text" | "truncated"> & { fullText: string };
  const entries: Entry[] = [];
  const seenNotes = new Set<string>();
  const seenUrls = new Set<string>();
  const ownerPages: Candidate[] = [];

  for (const scope of sourceScopes) {
    const material = input.owner?.[scope];
    for (const note of material?.notes ?? []) {
      const text = note.trim();
      if (!text || seenNotes.has(text)) continue;
      seenNotes.add(text);
      entries.push({
        kind: "owner-note",
        scope,
        url: null,
        finalUrl: null,
        title: noteTitle(scope),
        fullText: text,
        fetchedAt: null,
      });
    }
    for (const url of material?.urls ?? []) {
      const key = sameSourceKey(url);
      if (seenUrls.has(key)) continue;
      seenUrls.add(key);
      ownerPages.push({ url, kind: "owner-url", scope });
    }
  }

  const searchPages: Candidate[] = [];
  for (const result of input.search ?? []) {
    const key = sameSourceKey(result.url);
    if (seenUrls.has(key)) continue;
    seenUrls.add(key);
    searchPages.push({ url: result.url, kind: "search", scope: null });
  }

  const ownerToRead = ownerPages.slice(0, pagesPerPost);
  for (const c of ownerPages.slice(pagesPerPost)) {
    failed(c, "over-limit", `${c.url} was not read: at most ${pagesPerPost} pages per post.`);
  }
  const ownerRead = await fetchAll(ownerToRead, fetchPage);
  const finalSeen = new Set<string>();
  const keep = (c: Candidate, page: FetchedPage) => {
    const key = sameSourceKey(page.finalUrl);
    if (finalSeen.has(key)) return false;
    finalSeen.add(key);
    entries.push({
      kind: c.kind,
      scope: c.scope,
      url: c.url,
      finalUrl: page.finalUrl,
      title: page.title,
      fullText: page.text,
      fetchedAt: page.fetchedAt,
    });
    return true;
  };
  let ownerKept = 0;
  for (const [i, page] of ownerRead.entries()) {
    const c = ownerToRead[i] as Candidate;
    if (!page.ok) failed(c, page.reason, page.error);
    else if (keep(c, page)) ownerKept++;
  }

  // Search results fill the pages left, in their order; a failed one gives its place to the
  // next, up to twice as many attempts as places.
  let places = pagesPerPost - ownerKept;
  let attempts = places * 2;
  let next = 0;
  while (places > 0 && attempts > 0 && next < searchPages.length) {
    const wave = searchPages.slice(next, next + Math.min(places, attempts));
    next += wave.length;
    attempts -= wave.length;
    const read = await fetchAll(wave, fetchPage);
    for (const [i, page] of read.entries()) {
      const c = wave[i] as Candidate;
      if (!page.ok) failed(c, page.reason, page.error);
      else if (places > 0 && keep(c, page)) places--;
    }
  }

  const share = Math.floor(
    (options.totalChars ?? researchLimits.totalSourceChars) / Math.max(1, entries.length),
  );
  const budget = Math.min(options.charsPerSource ?? researchLimits.charsPerSource, share);
  const sources = entries.map(({ fullText, ...entry }, i): ResearchSource => {
    const text = cutToBudget(fullText, budget);
    return { n: i + 1, ...entry, text, truncated: text !== fullText };
  });
  return { sources, failures };
}

function noteTitle(scope: SourceScope): string {
  return scope === "post"
    ? "The owner's first-hand notes for this post"
    : scope === "topic"
      ? "The owner's first-hand notes on this topic"
      : "The owner's first-hand notes for this blog";
}

/** Pages fetched a few at a time, answers in the order asked. */
async function fetchAll(
  candidates: Candidate[],
  fetchPage: (url: string) => Promise<FetchedPage | PageFailure>,
): Promise<(FetchedPage | PageFailure)[]> {
  const answers: (FetchedPage | PageFailure)[] = new Array(candidates.length);
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const i = next++;
      answers[i] = await fetchPage((candidates[i] as Candidate).url);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(researchLimits.pageConcurrency, candidates.length) }, worker),
  );
  return answers;
}

const trackingParameter = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid)$/i;

/**
 * The form two addresses of one page share: no fragment, no tracking parameters, host in
 * lower case, default port dropped (the URL parser does the last two). Also how citations
 * recognise a link to a source. An address that does not parse is its own key.
 */
export function sameSourceKey(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address.trim();
  }
  url.hash = "";
  for (const name of [...url.searchParams.keys()]) {
    if (trackingParameter.test(name)) url.searchParams.delete(name);
  }
  return url.href;
}

/**
 * Text cut to `max` characters at the last paragraph or word break before it, with '…' where
 * it was cut (counted in `max`).
 */
export function cutToBudget(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "…".slice(0, max);
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const paragraph = cut.lastIndexOf("\n\n");
  const space = cut.search(/\s\S*$/);
  if (paragraph > max * 0.8) cut = cut.slice(0, paragraph);
  else if (space > 0) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
