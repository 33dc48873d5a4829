import type { PublicProfile, PublicProfileInput } from "@contracts/profile.ts";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { apiRequest, createFetcher } from "../../../lib/api-client.ts";

export const publicProfileKey = "/api/auth/profile";

/** `GET /api/auth/profile`: the name and bio readers see as the author. */
export const getPublicProfile = createFetcher<PublicProfile>();

export function usePublicProfile() {
  return useSWR<PublicProfile | null>(publicProfileKey, getPublicProfile);
}

/** `PATCH /api/auth/profile`; the owner's blogs re-render with it on the server. */
export function updatePublicProfile(input: PublicProfileInput): Promise<PublicProfile> {
  return apiRequest<PublicProfile>("PATCH", publicProfileKey, input);
}

export function useUpdatePublicProfile() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function update(input: PublicProfileInput): Promise<PublicProfile> {
    setPending(true);
    try {
      const profile = await updatePublicProfile(input);
      await mutate(publicProfileKey, profile, { revalidate: false });
      return profile;
    } finally {
      setPending(false);
    }
  }
  return { updatePublicProfile: update, isPending };
}
