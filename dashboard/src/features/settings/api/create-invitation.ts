import { useState } from "react";
import { apiRequest } from "../../../lib/api-client.ts";

export type Invitation = { url: string; expiresAt: string };

/** `POST /api/invitations`: a single-use sign-up link for someone new (decision 061). */
export function createInvitation(): Promise<Invitation> {
  return apiRequest<Invitation>("POST", "/api/invitations", {});
}

export function useCreateInvitation() {
  const [isCreating, setCreating] = useState(false);
  async function create(): Promise<Invitation> {
    setCreating(true);
    try {
      return await createInvitation();
    } finally {
      setCreating(false);
    }
  }
  return { createInvitation: create, isCreating };
}
