import type { InvitationStatus } from "@contracts/invitations.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

export const invitationStatusKey = "/api/invitations/status";

/** `GET /api/invitations/status`: whether this account may invite, and its open links. */
export const getInvitationStatus = createFetcher<InvitationStatus>();

export function useInvitationStatus() {
  return useSWR<InvitationStatus | null>(invitationStatusKey, getInvitationStatus);
}
