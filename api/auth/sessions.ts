import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { first } from "../db/query.ts";
import { sessions, users } from "../db/schema.ts";

/** Sessions as the current Lucia guide describes them (lucia-auth.com/sessions/basic). */
const dayMs = 24 * 60 * 60 * 1000;
export const sessionLifetimeMs = 30 * dayMs;
const renewWithinMs = 15 * dayMs;

const base32 = "abcdefghijklmnopqrstuvwxyz234567";

/** 160 random bits, lower-case base32 without padding. */
export function generateSessionToken(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let token = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      token += base32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return token;
}

/** Only the SHA-256 of a token is stored, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type SessionUser = typeof users.$inferSelect;
export type ValidSession = { id: string; userId: string; expiresAt: Date; renewed: boolean };

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export function createSessionStore(db: Database, clock: Clock = systemClock) {
  return {
    async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = generateSessionToken();
      const expiresAt = new Date(clock().getTime() + sessionLifetimeMs);
      await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    /** The session and its user, renewing a session in the second half of its life. */
    async validate(token: string): Promise<{ session: ValidSession; user: SessionUser } | null> {
      if (!/^[a-z2-7]{32}$/.test(token)) return null;
      const id = hashToken(token);
      const row = await first(
        db
          .select({ session: sessions, user: users })
          .from(sessions)
          .innerJoin(users, eq(sessions.userId, users.id))
          .where(eq(sessions.id, id)),
      );
      if (!row) return null;
      const now = clock().getTime();
      if (now >= row.session.expiresAt.getTime()) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      let expiresAt = row.session.expiresAt;
      let renewed = false;
      if (now >= expiresAt.getTime() - renewWithinMs) {
        expiresAt = new Date(now + sessionLifetimeMs);
        await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
        renewed = true;
      }
      return { session: { id, userId: row.session.userId, expiresAt, renewed }, user: row.user };
    },

    async invalidate(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, clock()));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
