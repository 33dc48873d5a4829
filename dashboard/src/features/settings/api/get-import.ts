import type { ImportJob } from "@contracts/imports.ts";
import useSWR from "swr";
import { createFetcher } from "@/lib/api-client.ts";

export const importKey = (id: string) => `/api/imports/${id}`;
export const importsKey = (blogId: string) => `/api/blogs/${blogId}/imports`;

const getImport = createFetcher<ImportJob>() as (key: string) => Promise<ImportJob>;
const getImports = createFetcher<ImportJob[]>() as (key: string) => Promise<ImportJob[]>;

const inProgress = (job: ImportJob | undefined) =>
  job?.status === "queued" || job?.status === "running";

/** One import, asked again every half second while it runs (the progress bar). */
export function useImport(id: string | undefined) {
  return useSWR<ImportJob>(id ? importKey(id) : null, getImport, {
    refreshInterval: (job) => (inProgress(job) ? 500 : 0),
  });
}

/** The blog's latest imports, newest first. */
export function useImports(blogId: string) {
  return useSWR<ImportJob[]>(importsKey(blogId), getImports);
}
