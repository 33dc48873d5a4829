import type { BlogVoice } from "@contracts/voice.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blogs/{blogId}/voice`: the blog's voice for the AI writer (empty until saved). */
export const voiceKey = (blogId: string) => `/api/blogs/${blogId}/voice`;

export const getVoice = createFetcher<BlogVoice>() as (key: string) => Promise<BlogVoice>;

export function useVoice(blogId: string | null | undefined) {
  return useSWR<BlogVoice>(blogId ? voiceKey(blogId) : null, getVoice);
}
