import type { Generation } from "@contracts/generation.ts";
import { throwIfNotOk } from "../../../lib/api-client.ts";

export const generationKey = (id: string) => `/api/ai/generations/${encodeURIComponent(id)}`;

/**
 * `GET /api/ai/generations/{id}`: the generation's status and progress. Read again and again
 * while it runs (the dialog's own loop), so it is not an SWR read: the SWR set-up keeps those
 * from refetching on their own.
 */
export async function getGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  const res = await fetch(generationKey(id), { credentials: "include", signal });
  await throwIfNotOk(res);
  return (await res.json()) as Generation;
}
