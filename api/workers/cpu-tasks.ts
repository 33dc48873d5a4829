import { limits } from "../../contracts/limits.ts";
import { routeAffiliateButtons } from "../../site-builder/affiliate/block-links.ts";
import { type AutoLink, insertAffiliateLinks } from "../../site-builder/affiliate/insert-links.ts";
import { sanitizePostHtml } from "../content/sanitize.ts";
import type { ParsedImport } from "../features/imports/parse.ts";
import { fingerprintOf, fingerprintSimilarity } from "../features/posts/fingerprint.ts";

/**
 * The CPU-heavy steps that run on worker threads (docs/decisions/077-cpu-work-off-the-event-loop.md):
 * each takes and returns plain data, so the same function runs inline in tests and scripts
 * (cpu-worker.ts is how the pool's threads run them).
 */
export const cpuTasks = {
  /**
   * An import's upload unpacked, parsed and checked (issue 29). Its modules load with the first
   * import, so render and request threads never carry them.
   */
  parseImport: async (input: { file: Uint8Array }): Promise<ParsedImport> => {
    const { parseImportFile } = await import("../features/imports/parse.ts");
    return parseImportFile(input.file);
  },

  /**
   * A page read as a source reduced to its title and main text (decision 330). Its modules
   * (linkedom, Readability) load with the first page read.
   */
  extractArticle: async (input: { bytes: Uint8Array; contentType: string }) => {
    const { extractPage } = await import("../features/research/extract.ts");
    return extractPage(input);
  },

  /** A post's originality fingerprint (sorted distinct shingle hashes). */
  fingerprint: (input: { html: string }): Float64Array => fingerprintOf(input.html),

  /** Several posts' fingerprints in one round trip. */
  fingerprints: (input: { htmls: string[] }): Float64Array[] => input.htmls.map(fingerprintOf),

  /** The draft's similarity to each stored fingerprint (null: that post is too short). */
  compare: (input: { draft: Float64Array; others: Float64Array[] }): (number | null)[] =>
    input.others.map((other) => fingerprintSimilarity(input.draft, other)),

  /**
   * Published posts as readers get them: sanitized, affiliate buttons routed through `/go/{id}`,
   * affiliate links inserted.
   */
  preparePosts: (input: {
    posts: { id: string; content: string }[];
    autoLinks: AutoLink[];
    /** Every affiliate link id of the blog (the editor's buttons may point at any of them). */
    blogLinkIds?: string[];
    /** Default: the per-post limit every render uses. */
    maxLinks?: number;
  }): { id: string; html: string }[] => {
    const blogLinkIds = new Set(input.blogLinkIds ?? []);
    return input.posts.map(({ id, content }) => {
      // Relative to the post page, so it works on the blog's host and under /blog/{slug}/.
      const hrefFor = (linkId: string) => `../go/${linkId}?p=${id}`;
      const html = routeAffiliateButtons(sanitizePostHtml(content), blogLinkIds, hrefFor);
      return {
        id,
        html: insertAffiliateLinks(html, input.autoLinks, {
          hrefFor,
          maxLinks: input.maxLinks ?? limits.affiliateLinksPerPost,
        }).html,
      };
    });
  },
};

export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;
