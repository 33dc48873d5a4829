import { wordsOf } from "@contracts/content-text.ts";
import {
  type OriginalityInput,
  type OriginalityResult,
  originalityMinWords,
} from "@contracts/originality.ts";
import { useEffect, useMemo, useState } from "react";
import useSWR from "swr";
import { apiRequest } from "../../../lib/api-client.ts";

/** `POST /api/posts/originality`: the text against the owner's other posts (decision 033). */
export function checkOriginality(input: OriginalityInput): Promise<OriginalityResult> {
  return apiRequest<OriginalityResult>("POST", "/api/posts/originality", input);
}

/** A short fingerprint of the text (FNV-1a), so the SWR key stays small whatever its length. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return `${text.length}:${(h >>> 0).toString(36)}`;
}

/** One answer per post and text: the same text is never asked about twice. */
export const originalityKey = (postId: string | null, content: string) =>
  ["/api/posts/originality", postId ?? "new", fingerprint(content)] as const;

/** How long the text must stay unchanged before it is checked (typing does not spam the API). */
export const originalityDelayMs = 800;

/**
 * The originality of the text being written, checked once typing pauses. Texts too short to
 * judge are not sent (`tooShort`); the previous answer stays on screen while a new one loads.
 */
export function useOriginality(postId: string | null, content: string) {
  const [settled, setSettled] = useState(content);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(content), originalityDelayMs);
    return () => clearTimeout(timer);
  }, [content]);
  const tooShort = useMemo(() => wordsOf(settled).length < originalityMinWords, [settled]);
  const swr = useSWR<OriginalityResult>(
    tooShort ? null : originalityKey(postId, settled),
    () => checkOriginality(postId ? { postId, content: settled } : { content: settled }),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return { ...swr, tooShort, pending: settled !== content || swr.isLoading };
}
