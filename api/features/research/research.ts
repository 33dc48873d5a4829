import type { Env } from "../../env.ts";
import type { CpuPool } from "../../workers/run.ts";
import {
  type FetchedPage,
  fetchSourcePage,
  type PageFailure,
  type PageFetchOptions,
} from "./pages.ts";
import { type SearchProvider, searchProviderFromEnv } from "./search.ts";
import {
  type GatheredSources,
  type GatherInput,
  type GatherOptions,
  gatherSources,
} from "./sources.ts";

/** The research the AI writer gets from the composition root: search and reading pages. */
export type Research = {
  /** Undefined when no search provider is configured: the writer says so. */
  search: SearchProvider | undefined;
  fetchPage(url: string): Promise<FetchedPage | PageFailure>;
  gatherSources(
    input: GatherInput,
    options?: Omit<GatherOptions, "pages" | "fetchPage">,
  ): Promise<GatheredSources>;
};

export function createResearch(deps: {
  search?: SearchProvider | undefined;
  pages?: PageFetchOptions;
}): Research {
  const fetchPage = (url: string) => fetchSourcePage(url, deps.pages);
  return {
    search: deps.search,
    fetchPage,
    gatherSources: (input, options = {}) => gatherSources(input, { ...options, fetchPage }),
  };
}

/**
 * Production's research: the configured search provider, pages from public addresses only,
 * their text extracted on the process's worker pool.
 * Nothing in the environment widens what may be fetched (tests pass `testLoopback` to
 * `createResearch` themselves).
 */
export function researchFromEnv(env: Env, deps: { pool?: CpuPool } = {}): Research {
  return createResearch({ search: searchProviderFromEnv(env), pages: { pool: deps.pool } });
}
