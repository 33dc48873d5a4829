import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  FleetLink,
  FleetLinkList,
  LinkHealth,
  LinkReplacement,
  LinkStatus,
  ReplaceLinkInput,
} from "../../../contracts/link-health.ts";
import { can } from "../../../contracts/roles.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  affiliateLinks,
  blogs,
  linkChecks,
  linkReplacements,
  linkUses,
  posts,
} from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { blogsOf } from "../members/access.ts";
import { keepFingerprint } from "../posts/fingerprints.ts";
import { recordPostActivity } from "../posts/post-events.ts";
import { saveRevision } from "../posts/revision-store.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { type RecordChange, withOutbox } from "../publishing/outbox.ts";
import { outboundLinks } from "./extract.ts";
import { linkKey, replaceHref } from "./replace.ts";
import { checkSoon, saveLinkUses } from "./runner.ts";

export type LinkHealthDeps = { db: Database; clock: Clock; contentEvents: ContentEvents };

type CheckRow = typeof linkChecks.$inferSelect;
type ReplacementRow = typeof linkReplacements.$inferSelect;

/**
 * The blogs whose links the person may change fleet-wide: the ones they own (`blog.manage`);
 * a member's blogs belong to their owners.
 */
async function managedBlogs(db: Queryable, userId: string) {
  return (await blogsOf(db, userId))
    .filter((access) => can(access.role, "blog.manage"))
    .map((access) => access.blog);
}

export const presentHealth = (row: CheckRow): LinkHealth => ({
  url: row.url,
  status: row.status as LinkStatus,
  httpStatus: row.httpStatus,
  finalUrl: row.finalUrl,
  redirects: row.redirects,
  error: row.error,
  lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  lastWorkedAt: row.lastWorkedAt?.toISOString() ?? null,
});

/** The health of each of these URLs that has a check row, by URL. */
export async function healthOfUrls(
  db: Queryable,
  urls: string[],
): Promise<Map<string, LinkHealth>> {
  if (urls.length === 0) return new Map();
  const rows = await db.select().from(linkChecks).where(inArray(linkChecks.url, urls));
  return new Map(rows.map((row) => [row.url, presentHealth(row)]));
}

const attention = ["broken", "unreachable", "redirected"] as const;

/** The owner's broken, unreachable and redirected links with the posts and links using them. */
export async function listFleetLinks(db: Database, userId: string): Promise<FleetLinkList> {
  const owned = await managedBlogs(db, userId);
  if (owned.length === 0) return { links: [] };
  const blogIds = owned.map((blog) => blog.id);
  const names = new Map(owned.map((blog) => [blog.id, blog.name]));
  const postUses = await db
    .select({ check: linkChecks, postId: posts.id, title: posts.title, blogId: posts.blogId })
    .from(linkUses)
    .innerJoin(linkChecks, eq(linkChecks.url, linkUses.url))
    .innerJoin(posts, eq(posts.id, linkUses.postId))
    .where(and(inArray(linkUses.blogId, blogIds), inArray(linkChecks.status, [...attention])));
  const affiliateUses = await db
    .select({
      check: linkChecks,
      id: affiliateLinks.id,
      keyword: affiliateLinks.keyword,
      blogId: affiliateLinks.blogId,
    })
    .from(affiliateLinks)
    .innerJoin(linkChecks, eq(linkChecks.url, affiliateLinks.url))
    .where(
      and(inArray(affiliateLinks.blogId, blogIds), inArray(linkChecks.status, [...attention])),
    );
  const links = new Map<string, FleetLink>();
  const entry = (check: CheckRow) => {
    let link = links.get(check.url);
    if (!link) {
      link = { ...presentHealth(check), posts: [], affiliateLinks: [] };
      links.set(check.url, link);
    }
    return link;
  };
  for (const use of postUses)
    entry(use.check).posts.push({
      id: use.postId,
      title: use.title,
      blogId: use.blogId,
      blogName: names.get(use.blogId) ?? "",
    });
  for (const use of affiliateUses)
    entry(use.check).affiliateLinks.push({
      id: use.id,
      keyword: use.keyword,
      blogId: use.blogId,
      blogName: names.get(use.blogId) ?? "",
    });
  const rank = (status: LinkStatus) => attention.indexOf(status as (typeof attention)[number]);
  return {
    links: [...links.values()].sort(
      (a, b) => rank(a.status) - rank(b.status) || a.url.localeCompare(b.url),
    ),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The part of an address every way of writing it in HTML contains (before `&`, `#`). */
function searchableStem(url: string): string {
  const key = linkKey(url);
  const stem = key.split(/[&#]/)[0] ?? key;
  return stem.endsWith("/") ? stem.slice(0, -1) : stem;
}

type PostForChange = {
  id: string;
  blogId: string;
  content: string;
  subdomain: string | null;
  customDomain: string | null;
};

/** Writes a post's new content as a change with its revision (inside the transaction). */
async function changeContent(
  tx: Queryable,
  deps: LinkHealthDeps,
  userId: string,
  post: PostForChange,
  content: string,
) {
  const before = await first(tx.select().from(posts).where(eq(posts.id, post.id)));
  if (!before) return undefined;
  const [after] = await tx
    .update(posts)
    .set({ content, version: sql`${posts.version} + 1` })
    .where(eq(posts.id, post.id))
    .returning();
  if (!after) return undefined;
  // Only an address changed, never the text: the originality fingerprint still holds.
  await keepFingerprint(tx, before, after);
  await saveRevision(tx, after, userId, false, deps.clock());
  await recordPostActivity(tx, userId, "post.edited", after, { fields: ["content"] }, deps.clock());
  await saveLinkUses(tx, after, outboundLinks(after.content, post), deps.clock());
  return after;
}

async function recordPublished(
  record: RecordChange,
  changed: { blogId: string; id: string; status: string }[],
) {
  const byBlog = new Map<string, string[]>();
  for (const post of changed)
    if (post.status === "published")
      byBlog.set(post.blogId, [...(byBlog.get(post.blogId) ?? []), post.id]);
  for (const [blogId, postIds] of byBlog) await record(blogId, { postIds });
}

/**
 * 'Replace everywhere': every link to `from` in the posts of the blogs the person owns, and
 * every affiliate link of those blogs with that URL, point at `to`, in one transaction. Each
 * changed post gets a revision and its live page is rendered again; what was there before is
 * kept with the replacement, so one undo puts it back.
 */
export async function replaceEverywhere(
  deps: LinkHealthDeps,
  userId: string,
  input: ReplaceLinkInput,
): Promise<LinkReplacement> {
  const row = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const owned = await managedBlogs(tx, userId);
    const blogIds = owned.map((blog) => blog.id);
    const changes: ReplacementRow["changes"] = { posts: [], affiliateLinks: [] };
    if (blogIds.length > 0) {
      const candidates = await tx
        .select({
          id: posts.id,
          blogId: posts.blogId,
          content: posts.content,
          subdomain: blogs.subdomain,
          customDomain: blogs.customDomain,
        })
        .from(posts)
        .innerJoin(blogs, eq(blogs.id, posts.blogId))
        .where(
          and(
            inArray(posts.blogId, blogIds),
            sql`${posts.content} like ${`%${escapeLike(searchableStem(input.from))}%`} escape '\\'`,
          ),
        );
      const changed: { blogId: string; id: string; status: string }[] = [];
      for (const post of candidates) {
        const content = replaceHref(post.content, input.from, input.to);
        if (content === post.content) continue;
        const after = await changeContent(tx, deps, userId, post, content);
        if (!after) continue;
        changes.posts.push({ postId: post.id, content: post.content, version: after.version });
        changed.push(after);
      }
      await recordPublished(record, changed);
      const links = await tx
        .select()
        .from(affiliateLinks)
        .where(
          and(
            inArray(affiliateLinks.blogId, blogIds),
            inArray(affiliateLinks.url, [...new Set([input.from, linkKey(input.from)])]),
          ),
        );
      for (const link of links) {
        await tx
          .update(affiliateLinks)
          .set({ url: input.to })
          .where(eq(affiliateLinks.id, link.id));
        changes.affiliateLinks.push({ id: link.id, url: link.url });
        if (link.autoInsert) await record(link.blogId, { full: true });
      }
    }
    await checkSoon(tx, [linkKey(input.to)], deps.clock());
    const [saved] = await tx
      .insert(linkReplacements)
      .values({
        ownerId: userId,
        fromUrl: input.from,
        toUrl: input.to,
        changes,
        createdAt: deps.clock(),
      })
      .returning();
    if (!saved) throw new Error("insert returned no row");
    return saved;
  });
  return presentReplacement(row);
}

/**
 * Undoes a replacement in one transaction: each post gets its content from before back (as a
 * new revision), unless it changed since; each affiliate link its URL, unless it changed since.
 * What was left as it is is named in `skipped`.
 */
export async function undoReplacement(
  deps: LinkHealthDeps,
  userId: string,
  id: string,
): Promise<LinkReplacement> {
  return withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const row = await first(
      tx
        .select()
        .from(linkReplacements)
        .where(and(eq(linkReplacements.id, id), eq(linkReplacements.ownerId, userId))),
    );
    if (!row) throw NotFound("Replacement");
    if (row.undoneAt) throw Conflict("This replacement has already been undone.", "already_undone");
    const owned = new Set((await managedBlogs(tx, userId)).map((blog) => blog.id));
    const restored: string[] = [];
    const skippedPosts: string[] = [];
    const changed: { blogId: string; id: string; status: string }[] = [];
    for (const kept of row.changes.posts) {
      const post = await first(
        tx
          .select({
            id: posts.id,
            blogId: posts.blogId,
            content: posts.content,
            version: posts.version,
            subdomain: blogs.subdomain,
            customDomain: blogs.customDomain,
          })
          .from(posts)
          .innerJoin(blogs, eq(blogs.id, posts.blogId))
          .where(eq(posts.id, kept.postId)),
      );
      if (!post || !owned.has(post.blogId) || post.version !== kept.version) {
        skippedPosts.push(kept.postId);
        continue;
      }
      const after = await changeContent(tx, deps, userId, post, kept.content);
      if (!after) {
        skippedPosts.push(kept.postId);
        continue;
      }
      restored.push(post.id);
      changed.push(after);
    }
    await recordPublished(record, changed);
    const restoredLinks: string[] = [];
    const skippedLinks: string[] = [];
    for (const kept of row.changes.affiliateLinks) {
      const link = await first(
        tx.select().from(affiliateLinks).where(eq(affiliateLinks.id, kept.id)),
      );
      if (!link || !owned.has(link.blogId) || link.url !== row.toUrl) {
        skippedLinks.push(kept.id);
        continue;
      }
      await tx.update(affiliateLinks).set({ url: kept.url }).where(eq(affiliateLinks.id, link.id));
      if (link.autoInsert) await record(link.blogId, { full: true });
      restoredLinks.push(link.id);
    }
    const undoneAt = deps.clock();
    await tx.update(linkReplacements).set({ undoneAt }).where(eq(linkReplacements.id, row.id));
    return {
      ...presentReplacement({ ...row, undoneAt }),
      postIds: restored,
      affiliateLinkIds: restoredLinks,
      skipped: { postIds: skippedPosts, affiliateLinkIds: skippedLinks },
    };
  });
}

/** The person's last replacements, newest first. */
export async function listReplacements(db: Database, userId: string): Promise<LinkReplacement[]> {
  const rows = await db
    .select()
    .from(linkReplacements)
    .where(eq(linkReplacements.ownerId, userId))
    .orderBy(desc(linkReplacements.createdAt), desc(linkReplacements.id))
    .limit(20);
  return rows.map(presentReplacement);
}

const presentReplacement = (row: ReplacementRow): LinkReplacement => ({
  id: row.id,
  from: row.fromUrl,
  to: row.toUrl,
  postIds: row.changes.posts.map((post) => post.postId),
  affiliateLinkIds: row.changes.affiliateLinks.map((link) => link.id),
  skipped: { postIds: [], affiliateLinkIds: [] },
  createdAt: row.createdAt.toISOString(),
  undoneAt: row.undoneAt?.toISOString() ?? null,
});
