import type { MemberRole } from "@contracts/roles.ts";
import type {
  CreatedTeamInvitation,
  Team,
  TeamInvitationPreview,
  teamInvitationInput,
} from "@contracts/team.ts";
import type { z } from "@contracts/zod.ts";
import useSWR from "swr";
import { apiRequest, createFetcher } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/team`: the owner, the members and the invitations (decision 370). */
export const teamKey = (blogId: string) => `/api/blogs/${blogId}/team`;

const getTeam = createFetcher<Team>() as (key: string) => Promise<Team>;

export function useTeam(blogId: string | null) {
  return useSWR<Team>(blogId ? teamKey(blogId) : null, getTeam);
}

export function inviteToBlog(
  blogId: string,
  input: z.input<typeof teamInvitationInput>,
): Promise<CreatedTeamInvitation> {
  return apiRequest<CreatedTeamInvitation>("POST", `/api/blogs/${blogId}/invitations`, input);
}

export function revokeInvitation(blogId: string, invitationId: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/blogs/${blogId}/invitations/${invitationId}`);
}

export function changeMemberRole(blogId: string, userId: string, role: MemberRole): Promise<Team> {
  return apiRequest<Team>("PATCH", `/api/blogs/${blogId}/members/${userId}`, { role });
}

/** Removes a person from the team; their posts stay theirs, or go to `reassignTo`. */
export function removeMember(
  blogId: string,
  userId: string,
  reassignTo: string | null,
): Promise<void> {
  const query = reassignTo
    ? `?posts=reassign&reassignTo=${encodeURIComponent(reassignTo)}`
    : "?posts=keep";
  return apiRequest<void>("DELETE", `/api/blogs/${blogId}/members/${userId}${query}`);
}

/** `GET /api/team-invitations/{token}`: what a link offers. */
export const invitationPreviewKey = (token: string) => `/api/team-invitations/${token}`;

const getPreview = createFetcher<TeamInvitationPreview>() as (
  key: string,
) => Promise<TeamInvitationPreview>;

export function useInvitationPreview(token: string) {
  return useSWR<TeamInvitationPreview>(invitationPreviewKey(token), getPreview, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

export function acceptInvitation(token: string): Promise<{ blogId: string; role: MemberRole }> {
  return apiRequest("POST", `/api/team-invitations/${token}/accept`);
}
