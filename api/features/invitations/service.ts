import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../../auth/sessions.ts";
import type { Queryable } from "../../db/client.ts";
import { invitations, users } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import { Forbidden, HttpError } from "../../http/errors.ts";

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

/** A new invitation link's token (shown once) and when it stops working. */
export async function createInvitation(
  db: Queryable,
  setting: Env["REGISTRATION"],
  ownerId: string,
  clock: Clock,
): Promise<{ token: string; expiresAt: Date }> {
  if (setting === "closed") {
    throw new HttpError(
      409,
      "registration_closed",
      "Sign-ups are closed on this server (REGISTRATION=closed), so an invitation could not be used.",
    );
  }
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(clock().getTime() + invitationLifetimeMs);
  await db.insert(invitations).values({ id: hashOf(token), createdBy: ownerId, expiresAt });
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
  if (mode === "open") return async () => {};
  if (mode === "closed") throw RegistrationClosed();
  if (!invite) throw InvitationNeeded();
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
