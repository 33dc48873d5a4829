import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, min } from "drizzle-orm";
import type { InvitationStatus } from "../../../contracts/invitations.ts";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { invitations, users } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import { Conflict, Forbidden, HttpError } from "../../http/errors.ts";
import { acceptInvitation, isOpenTeamInvitation } from "../members/team.ts";

/** How long an invitation link works. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export type RegistrationMode = "open" | "invite" | "closed";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Who may create a built-in account now (decision 061): REGISTRATION when set; otherwise anyone
 * until the first owner exists (so a fresh install can be set up), then invitations only.
 */
export async function registrationMode(
  db: Queryable,
  setting: Env["REGISTRATION"],
): Promise<RegistrationMode> {
  if (setting) return setting;
  const [row] = await db.select({ owners: count() }).from(users);
  return (row?.owners ?? 0) === 0 ? "open" : "invite";
}

export const RegistrationClosed = () =>
  Forbidden(
    "New accounts are not accepted on this server. Ask its administrator.",
    "registration_closed",
  );
export const InvitationNeeded = () =>
  Forbidden(
    "New accounts need an invitation link on this server. Ask an owner for one.",
    "invitation_required",
  );
export const InvitationInvalid = () =>
  Forbidden(
    "This invitation link is not valid: it was used already or has expired. Ask for a new one.",
    "invitation_invalid",
  );

/** How this server hands out invitations: the setting, and whether accounts are its own. */
export type InvitationPolicy = {
  setting: Env["REGISTRATION"];
  /** False with an OpenID provider: accounts come from the provider, not from sign-up. */
  builtInSignIn: boolean;
};

const InvitationsUnavailable = () =>
  new HttpError(
    409,
    "invitations_unavailable",
    "People sign in with this server's sign-in provider; give them access there.",
  );
const InvitationsClosed = () =>
  new HttpError(
    409,
    "registration_closed",
    "Sign-ups are closed on this server (REGISTRATION=closed), so an invitation could not be used.",
  );
const OwnersOnly = () =>
  Forbidden(
    "Only this server's owners can invite people. Ask one of them for an invitation link.",
    "owners_only",
  );

/**
 * Whether the account came in through an invitation (its link's `used_by`). Such accounts do not
 * invite further (decision 312): only the server's owners, the accounts made while sign-up was
 * open (the first one, or any under REGISTRATION=open), hand out links.
 */
async function admittedByInvitation(db: Queryable, userId: string): Promise<boolean> {
  const row = await first(
    db
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.usedBy, userId))
      .limit(1),
  );
  return row !== undefined;
}

/** Why `userId` may not create invitation links, or null when they may. */
export async function refusalToInvite(
  db: Queryable,
  policy: InvitationPolicy,
  userId: string,
): Promise<HttpError | null> {
  if (!policy.builtInSignIn) return InvitationsUnavailable();
  if (policy.setting === "closed") return InvitationsClosed();
  if (await admittedByInvitation(db, userId)) return OwnersOnly();
  return null;
}

/** The owner's links nobody has used yet that still work, and when the first of them expires. */
async function openInvitations(db: Queryable, ownerId: string, now: Date) {
  const [row] = await db
    .select({ n: count(), nextExpiry: min(invitations.expiresAt) })
    .from(invitations)
    .where(
      and(
        eq(invitations.createdBy, ownerId),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  const next = row?.nextExpiry;
  return {
    n: row?.n ?? 0,
    nextExpiry: next === null || next === undefined ? null : new Date(next),
  };
}

/** What Account Settings shows: whether the account may create links, and how many are open. */
export async function invitationStatus(
  db: Queryable,
  policy: InvitationPolicy,
  userId: string,
  clock: Clock,
): Promise<InvitationStatus> {
  const refusal = await refusalToInvite(db, policy, userId);
  const { n } = await openInvitations(db, userId, clock());
  return {
    canInvite: refusal === null,
    reason: refusal?.message ?? null,
    open: n,
    maxOpen: ownerActionLimits.openInvitations,
  };
}

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * A new invitation link's token (shown once) and when it stops working; refused (409) when the
 * owner already has `openInvitations` links nobody has used. Counted and inserted in one
 * transaction (writes queue one at a time), so links created at once cannot pass the cap.
 * Who may invite is `refusalToInvite`'s, checked before.
 */
export async function createInvitation(
  db: Database,
  ownerId: string,
  clock: Clock,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString("base64url");
  const now = clock();
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const max = ownerActionLimits.openInvitations;
  await db.transaction(async (tx) => {
    const open = await openInvitations(tx, ownerId, now);
    if (open.n >= max) {
      throw Conflict(
        `You have ${max} invitation links nobody has used yet, the most you can have open. ` +
          `Wait until one is used or expires${open.nextExpiry ? ` (the next on ${when(open.nextExpiry)})` : ""}.`,
        "limit_reached",
      );
    }
    await tx.insert(invitations).values({ id: hashOf(token), createdBy: ownerId, expiresAt });
  });
  return { token, expiresAt };
}

/**
 * Decides a sign-up inside its transaction: refuses it, or lets it through (using up the
 * invitation it brought when one is needed). Returns a function that marks the invitation as
 * used by the new account, to call once the account exists.
 */
export async function admitSignUp(
  tx: Queryable,
  setting: Env["REGISTRATION"],
  invite: string | undefined,
  clock: Clock,
): Promise<(userId: string) => Promise<void>> {
  const mode = await registrationMode(tx, setting);
  // An invitation to a blog's team admits the sign-up too, and the new account joins that
  // blog in the same transaction (decision 370).
  const team = invite !== undefined && (await isOpenTeamInvitation(tx, invite, clock));
  const joinTeam = async (userId: string) => {
    if (team) await acceptInvitation(tx, userId, invite, clock);
  };
  if (mode === "open") return joinTeam;
  if (mode === "closed") throw RegistrationClosed();
  if (!invite) throw InvitationNeeded();
  if (team) return joinTeam;
  const now = clock();
  const [used] = await tx
    .update(invitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(invitations.id, hashOf(invite)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  if (!used) throw InvitationInvalid();
  return async (userId) => {
    await tx.update(invitations).set({ usedBy: userId }).where(eq(invitations.id, used.id));
  };
}
