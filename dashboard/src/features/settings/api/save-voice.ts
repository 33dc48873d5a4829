import type { BlogVoice, BlogVoiceInput } from "@contracts/voice.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { siteStatusKey } from "@/lib/api/get-site-status.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { voiceKey } from "./get-voice.ts";

/** `PUT /api/blogs/{blogId}/voice`: the whole voice; a new persona re-renders the blog. */
export function saveVoice(blogId: string, input: BlogVoiceInput): Promise<BlogVoice> {
  return apiRequest<BlogVoice>("PUT", voiceKey(blogId), input);
}

export function useSaveVoice() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function save(blogId: string, input: BlogVoiceInput): Promise<BlogVoice> {
    setPending(true);
    try {
      const voice = await saveVoice(blogId, input);
      await mutate(voiceKey(blogId), voice, { revalidate: false });
      // The byline changes on the public blog: its site line shows the render.
      void mutate(siteStatusKey(blogId));
      return voice;
    } finally {
      setPending(false);
    }
  }
  return { saveVoice: save, isPending };
}
