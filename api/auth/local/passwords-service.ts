import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { passwordResets, users } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { type Clock, hashToken, type SessionStore, systemClock } from "../sessions.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

/** How long a reset link works. */
export const resetLinkLifetimeMs = 60 * 60 * 1000;

export const CurrentPasswordIncorrect = () =>
  new HttpError(
    400,
    "current_password_incorrect",
    "Your current password is not right. Nothing was changed.",
    [{ path: "currentPassword", message: "Your current password is not right." }],
  );
export const NoPasswordHere = () =>
  new HttpError(
    409,
    "password_managed_elsewhere",
    "Your account signs in with this server's sign-in provider: change your password there.",
  );
export const ResetLinkInvalid = () =>
  new HttpError(
    410,
    "reset_link_invalid",
    "This password reset link was used already or has expired. Ask for a new one.",
  );
export const NoSuchAccount = (email: string) =>
  new HttpError(404, "no_account", `No account on this server signs in with ${email}.`);
export const ProviderAccount = (email: string) =>
  new HttpError(
    409,
    "password_managed_elsewhere",
    `${email} signs in with an OpenID provider, which keeps its password: reset it there.`,
  );

export type PasswordDeps = {
  db: Database;
  sessions: SessionStore;
  clock?: Clock;
  /** Sends reset links; none: the operator makes them (`npm run user:reset-password`). */
  mailer?: Mailer;
  /** Where links in e-mail point (APP_ORIGIN; required with a mailer, see api/env.ts). */
  appOrigin?: string;
};

/**
 * Passwords of built-in accounts (decision 356): changing one while signed in, and one-time
 * reset links (random 32 bytes, only their SHA-256 stored, 1 hour, used once; a new link or a
 * new password voids the person's older links).
 */
export function createPasswords({
  db,
  sessions,
  clock = systemClock,
  mailer,
  appOrigin,
}: PasswordDeps) {
  const builtInByEmail = (email: string) =>
    first(
      db
        .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase())),
    );

  /** A new link's token for the person; their links not used yet stop working. */
  async function issueLink(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString("base64url");
    const now = clock();
    const expiresAt = new Date(now.getTime() + resetLinkLifetimeMs);
    await db.transaction(async (tx) => {
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
      await tx
        .insert(passwordResets)
        .values({ id: hashToken(token), userId, createdAt: now, expiresAt });
    });
    return { token, expiresAt };
  }

  const linkOf = (origin: string, token: string) => `${origin}/auth/reset-password?token=${token}`;

  /** The person a link's token belongs to while it still works, else undefined. */
  const openLink = (token: string) =>
    first(
      db
        .select({ id: passwordResets.id, userId: passwordResets.userId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.id, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, clock()),
          ),
        ),
    );

  return {
    /** Whether reset links can go out by e-mail here. */
    sendsEmail: mailer !== undefined,

    /** Whether the person has a password on this server (a built-in account). */
    async hasPassword(userId: string): Promise<boolean> {
      const row = await first(
        db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)),
      );
      return Boolean(row?.hash);
    },

    /**
     * "Change password" in Account Settings: the current password proves it is the person; the
     * new one replaces it, and every other session of theirs ends (`keepSessionToken`'s stays).
     */
    async change(
      userId: string,
      keepSessionToken: string | undefined,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const row = await first(
        db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)),
      );
      if (!row?.hash) throw NoPasswordHere();
      if (!(await verifyPassword(input.currentPassword, row.hash))) {
        throw CurrentPasswordIncorrect();
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await sessions.invalidateUser(userId, {
          db: tx,
          ...(keepSessionToken ? { exceptId: hashToken(keepSessionToken) } : {}),
        });
      });
      // Memory may have re-read a session between the delete and the commit.
      sessions.forgetUser(userId);
    },

    /**
     * "Forgot password?": e-mails a link when the address is a built-in account's and the
     * server sends e-mail; otherwise does nothing. Callers answer the same either way and do
     * not wait for this, so neither the answer nor its timing tells whether an account exists.
     */
    async request(email: string): Promise<void> {
      if (!mailer || !appOrigin) return;
      const user = await builtInByEmail(email);
      if (!user?.passwordHash || !user.email) return;
      const { token } = await issueLink(user.id);
      const url = linkOf(appOrigin, token);
      await mailer.send({
        to: user.email,
        subject: "Reset your Blogfleet password",
        text: [
          `Someone asked to reset the password of the Blogfleet account ${user.email} on ${appOrigin}.`,
          "",
          "Choose a new password here (the link works once, within 1 hour):",
          url,
          "",
          "If it was not you, ignore this e-mail: your password stays as it is.",
        ].join("\n"),
      });
    },

    /** The operator's link for a built-in account (`npm run user:reset-password`). */
    async operatorLink(email: string, origin: string): Promise<{ url: string; expiresAt: Date }> {
      const user = await builtInByEmail(email);
      if (!user) throw NoSuchAccount(email);
      if (!user.passwordHash) throw ProviderAccount(email);
      const { token, expiresAt } = await issueLink(user.id);
      return { url: linkOf(origin, token), expiresAt };
    },

    /** Whether a link still works (the page that opens it asks before showing the form). */
    async linkWorks(token: string): Promise<boolean> {
      return (await openLink(token)) !== undefined;
    },

    /**
     * Sets the new password from a link, once: the link is used, the person's other links are
     * void and every session of theirs ends. Returns the person, for a new session.
     */
    async reset(token: string, password: string): Promise<string> {
      // Checked before the (slow) hash, so guessed tokens cost little; decided for real below.
      if (!(await openLink(token))) throw ResetLinkInvalid();
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: clock() })
          .where(
            and(
              eq(passwordResets.id, hashToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, clock()),
            ),
          )
          .returning({ id: passwordResets.id, userId: passwordResets.userId });
        if (!used) throw ResetLinkInvalid();
        await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
        await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.userId, used.userId), ne(passwordResets.id, used.id)));
        await sessions.invalidateUser(used.userId, { db: tx });
        return used.userId;
      });
      sessions.forgetUser(userId);
      return userId;
    },
  };
}
export type Passwords = ReturnType<typeof createPasswords>;
