import type { Invitation } from "@contracts/invitations.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";
import { invitationStatusKey } from "./get-invitation-status.ts";

export type { Invitation };

/** `POST /api/invitations`: a single-use sign-up link for someone new (decision 061). */
export function createInvitation(): Promise<Invitation> {
  return apiRequest<Invitation>("POST", "/api/invitations", {});
}

export function useCreateInvitation() {
  const { mutate } = useSWRConfig();
  const [isCreating, setCreating] = useState(false);
  async function create(): Promise<Invitation> {
    setCreating(true);
    try {
      return await createInvitation();
    } finally {
      setCreating(false);
      // Refused or not, the count of open links may have moved.
      void mutate(invitationStatusKey);
    }
  }
  return { createInvitation: create, isCreating };
}
