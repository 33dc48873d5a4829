import { eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blogs, removedBlogAddresses } from "../../db/schema.ts";
import { hostsOfBlog } from "../public-sites/hosts.ts";
import { findOwnedBlog } from "./service.ts";

/** How long a deleted blog's addresses answer 410 Gone before they are unknown (decision 141). */
export const goneGraceDays = 30;
const dayMs = 24 * 60 * 60 * 1000;

/** The address of a blog on the app's own host, as kept in `removed_blog_addresses`. */
export const blogPathAddress = (slug: string) => `/blog/${slug}`;

export type DeleteBlogDeps = {
  db: Database;
  blogDomain: string;
  reservedLabels?: ReadonlySet<string>;
  clock?: () => Date;
  /** After the commit: the blog's files, cached pages and host links go. */
  onBlogDeleted?: (blogId: string) => Promise<void> | void;
};

/**
 * Deletes the owner's blog and everything in it (posts, categories, links, automation, render
 * jobs, imports: ON DELETE CASCADE). Its addresses answer 410 Gone for `goneGraceDays`; its
 * subdomain and custom domain are free at once (the TLS ask endpoint no longer names them).
 */
export async function deleteBlog(deps: DeleteBlogDeps, ownerId: string, blogId: string) {
  const now = (deps.clock ?? (() => new Date()))();
  const goneUntil = new Date(now.getTime() + goneGraceDays * dayMs);
  const blog = await deps.db.transaction(async (tx) => {
    // Deleting is the owner's (decision 366): a member is refused, a stranger gets 404.
    const row = await findOwnedBlog(tx, ownerId, blogId);
    const addresses = [
      ...hostsOfBlog(row, deps.blogDomain, deps.reservedLabels),
      blogPathAddress(row.slug),
    ];
    for (const address of addresses) {
      await tx
        .insert(removedBlogAddresses)
        .values({ address, removedAt: now, goneUntil })
        .onConflictDoUpdate({
          target: removedBlogAddresses.address,
          set: { removedAt: now, goneUntil },
        });
    }
    await tx.delete(blogs).where(eq(blogs.id, row.id));
    return row;
  });
  await deps.onBlogDeleted?.(blog.id);
  return blog;
}

/**
 * The addresses of recently deleted blogs, kept in memory (they are few) and read again every
 * `ttlMs` or when this process deletes a blog: checking them costs readers of other hosts nothing.
 */
export function createRemovedAddresses(db: Database, ttlMs = 60_000, now = () => new Date()) {
  let loaded: { at: number; addresses: Map<string, number> } | undefined;
  let loading: Promise<Map<string, number>> | undefined;
  async function load(): Promise<Map<string, number>> {
    const at = now().getTime();
    if (loaded && at - loaded.at < ttlMs) return loaded.addresses;
    loading ??= (async () => {
      const rows = await db
        .select()
        .from(removedBlogAddresses)
        .where(gt(removedBlogAddresses.goneUntil, new Date(at)));
      const addresses = new Map(rows.map((r) => [r.address, r.goneUntil.getTime()]));
      loaded = { at, addresses };
      return addresses;
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }
  return {
    async has(address: string): Promise<boolean> {
      const until = (await load()).get(address);
      return until !== undefined && until > now().getTime();
    },
    invalidate() {
      loaded = undefined;
    },
  };
}
export type RemovedAddresses = ReturnType<typeof createRemovedAddresses>;
