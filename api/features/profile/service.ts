import { eq } from "drizzle-orm";
import type { PublicProfile, PublicProfileInput } from "../../../contracts/profile.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, users } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";

export async function getPublicProfile(db: Database, userId: string): Promise<PublicProfile> {
  const row = await first(
    db
      .select({ displayName: users.publicName, bio: users.publicBio })
      .from(users)
      .where(eq(users.id, userId)),
  );
  if (!row) throw NotFound("User");
  return row;
}

/**
 * Sets the owner's public name and bio (absent fields stay). Every page of each of their
 * blogs shows the author (bylines, sidebar, feeds, JSON-LD, the author page), so each blog
 * whose author changed gets a full render, as a customization change does.
 */
export async function updatePublicProfile(
  deps: { db: Database; contentEvents: ContentEvents },
  userId: string,
  input: PublicProfileInput,
): Promise<PublicProfile> {
  const before = await getPublicProfile(deps.db, userId);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.displayName !== undefined && input.displayName !== before.displayName)
    changes.publicName = input.displayName;
  if (input.bio !== undefined && input.bio !== before.bio) changes.publicBio = input.bio;
  if (Object.keys(changes).length === 0) return before;
  const after = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const [row] = await tx
      .update(users)
      .set(changes)
      .where(eq(users.id, userId))
      .returning({ displayName: users.publicName, bio: users.publicBio });
    const owned = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.ownerId, userId));
    for (const blog of owned) await record(blog.id, { full: true });
    return row;
  });
  if (!after) throw NotFound("User");
  return after;
}
