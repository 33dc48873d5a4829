import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, ne } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database, Queryable } from "../db/client.ts";
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

export type SessionCacheOptions = {
  /**
   * How long a validated session (and its user) is answered from memory, by token hash; 0 (the
   * default) reads the database on every request. Only for a single process: a sign-out in
   * another process would not reach this one's memory.
   */
  ttlMs?: number;
  max?: number;
};

type CachedSession = { userId: string; expiresAt: Date; user: SessionUser };

export function createSessionStore(
  db: Database,
  clock: Clock = systemClock,
  cacheOptions: SessionCacheOptions = {},
) {
  const ttl = cacheOptions.ttlMs ?? 0;
  const cache =
    ttl > 0
      ? new LRUCache<string, CachedSession>({ max: cacheOptions.max ?? 10_000, ttl })
      : undefined;
  // Bumped by every sign-out and user change: a database read that began before one is not
  // put in memory, since it may hold what was just revoked or changed.
  let revisions = 0;
  const forget = (id: string) => {
    revisions++;
    cache?.delete(id);
  };
  const forgetUser = (userId: string) => {
    revisions++;
    if (!cache) return;
    for (const [id, entry] of cache.entries()) if (entry.userId === userId) cache.delete(id);
  };
  return {
    /** Drops what memory holds of the user's sessions (call after changing the user's row). */
    forgetUser,

    async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
      // A sign-in may have just changed the user (OpenID profile fields): other sessions reread it.
      forgetUser(userId);
      const token = generateSessionToken();
      const expiresAt = new Date(clock().getTime() + sessionLifetimeMs);
      await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    /** The session and its user, renewing a session in the second half of its life. */
    async validate(token: string): Promise<{ session: ValidSession; user: SessionUser } | null> {
      if (!/^[a-z2-7]{32}$/.test(token)) return null;
      const id = hashToken(token);
      const cached = cache?.get(id);
      if (cached) {
        // Answered from memory only while it needs no renewal and has not expired.
        if (clock().getTime() < cached.expiresAt.getTime() - renewWithinMs) {
          const session = {
            id,
            userId: cached.userId,
            expiresAt: cached.expiresAt,
            renewed: false,
          };
          // A copy: a request that changes its `req.user` changes no other request's.
          return { session, user: { ...cached.user } };
        }
        cache?.delete(id);
      }
      const revisionBefore = revisions;
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
        forget(id);
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
      if (cache && revisions === revisionBefore) {
        cache.set(id, { userId: row.session.userId, expiresAt, user: row.user });
      }
      return { session: { id, userId: row.session.userId, expiresAt, renewed }, user: row.user };
    },

    async invalidate(token: string): Promise<void> {
      const id = hashToken(token);
      forget(id);
      try {
        await db.delete(sessions).where(eq(sessions.id, id));
      } finally {
        // A validation that read the row meanwhile must not have put it back.
        forget(id);
      }
    },

    /**
     * Signs the user out everywhere, or everywhere but the session `exceptId` (a password
     * change keeps the device that made it). `db` may be the transaction that changed the user.
     */
    async invalidateUser(
      userId: string,
      { exceptId, db: queryable = db }: { exceptId?: string; db?: Queryable } = {},
    ): Promise<void> {
      forgetUser(userId);
      try {
        await queryable
          .delete(sessions)
          .where(
            exceptId
              ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
              : eq(sessions.userId, userId),
          );
      } finally {
        forgetUser(userId);
      }
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, clock()));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
