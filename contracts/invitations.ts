/** `POST /api/invitations`: a single-use sign-up link (decision 061). */
export type Invitation = { url: string; expiresAt: string };

/**
 * `GET /api/invitations/status`: whether the signed-in account may create invitation links
 * (only the server's owners may, decision 312) and how many of its links are open.
 */
export type InvitationStatus = {
  canInvite: boolean;
  /** Why not, in words to show (null when `canInvite`). */
  reason: string | null;
  /** Links not used yet and not expired. */
  open: number;
  /** The most that may be open at once. */
  maxOpen: number;
};
