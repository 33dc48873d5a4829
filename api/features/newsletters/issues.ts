import { and, desc, eq, gt, inArray, max, notExists, sql } from "drizzle-orm";
import type { IssueKind } from "../../../contracts/newsletters.ts";
import {
  digestEmail,
  type IssueEmail,
  postEmail,
} from "../../../site-builder/email/issue-email.ts";
import type { Site } from "../../../site-builder/theme/lib/site.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { newId } from "../../db/ids.ts";
import { first } from "../../db/query.ts";
import { blogs, newsletterIssues, posts, renderJobs } from "../../db/schema.ts";
import type { Publishing } from "../publishing/publishing.ts";

/*
 * Newsletter issues (issue 36, decision 373): a post sent by e-mail when it goes live (the
 * post's `sendByEmail`, ticked at publishing or scheduling), and a weekly digest of the week's
 * other posts. An issue is rendered once, when it is made, and sent as it is.
 */

export type IssueDeps = {
  db: Database;
  publishing: Pick<Publishing, "loadSnapshot">;
  clock?: () => Date;
};

const now = (deps: { clock?: () => Date }) => (deps.clock ?? (() => new Date()))();
const weekMs = 7 * 24 * 60 * 60 * 1000;

/** The blog's site with `postId` in it (whatever its status), to render its e-mail from. */
async function siteWith(deps: IssueDeps, blogId: string, postId: string) {
  const snapshot = await deps.publishing.loadSnapshot(blogId, { kind: "preview", postId });
  const post = snapshot?.site.postsById.get(postId);
  return snapshot && post ? { site: snapshot.site, post } : undefined;
}

/** The e-mail a post would be sent as (the editor's preview and test send). */
export async function postEmailPreview(
  deps: IssueDeps,
  post: { id: string; blogId: string },
): Promise<IssueEmail | undefined> {
  const found = await siteWith(deps, post.blogId, post.id);
  return found && postEmail(found.site, found.post, "preview");
}

/** The blog's next issue number (one job makes a blog's issues at a time). */
async function nextNumber(db: Queryable, blogId: string): Promise<number> {
  const row = await first(
    db
      .select({ last: max(newsletterIssues.number) })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.blogId, blogId)),
  );
  return Number(row?.last ?? 0) + 1;
}

type NewIssue = { id: string; kind: IssueKind; postId: string | null; email: IssueEmail };

/** Stores an issue as queued; with `clearPost`, the post's "send by e-mail" in the same commit. */
async function storeIssue(deps: IssueDeps, blogId: string, issue: NewIssue, createdBy?: string) {
  return deps.db.transaction(async (tx) => {
    if (issue.postId) {
      // The post is sent once: its flag is cleared as its issue is stored, and the unique
      // index refuses a second issue of the same post.
      const claimed = await tx
        .update(posts)
        .set({ sendByEmail: false })
        .where(and(eq(posts.id, issue.postId), eq(posts.sendByEmail, true)))
        .returning({ id: posts.id });
      if (claimed.length === 0) return undefined;
    }
    const [row] = await tx
      .insert(newsletterIssues)
      .values({
        id: issue.id,
        blogId,
        number: await nextNumber(tx, blogId),
        kind: issue.kind,
        postId: issue.postId,
        subject: issue.email.subject,
        html: issue.email.html,
        text: issue.email.text,
        status: "queued",
        createdBy: createdBy ?? null,
        createdAt: now(deps),
      })
      .returning();
    return row;
  });
}

/** The issue of a post marked "send by e-mail" that is live now; undefined when not due. */
export async function makePostIssue(deps: IssueDeps, postId: string) {
  const post = await first(
    deps.db
      .select({
        id: posts.id,
        blogId: posts.blogId,
        status: posts.status,
        sendByEmail: posts.sendByEmail,
        authorId: posts.authorId,
      })
      .from(posts)
      .where(eq(posts.id, postId)),
  );
  if (post?.status !== "published" || !post.sendByEmail) return undefined;
  const found = await siteWith(deps, post.blogId, post.id);
  if (!found) return undefined;
  const id = newId();
  const email = postEmail(found.site, found.post, id);
  return storeIssue(deps, post.blogId, { id, kind: "post", postId: post.id, email });
}

/**
 * The blog's weekly digest when one is due: the blog wants it, none went out in the last seven
 * days, and posts went live since the last one (at most a week back) that were not sent on
 * their own.
 */
export async function makeDigestIssue(deps: IssueDeps, blogId: string) {
  const at = now(deps);
  const last = await first(
    deps.db
      .select({ createdAt: newsletterIssues.createdAt })
      .from(newsletterIssues)
      .where(and(eq(newsletterIssues.blogId, blogId), eq(newsletterIssues.kind, "digest")))
      .orderBy(desc(newsletterIssues.createdAt))
      .limit(1),
  );
  if (last && at.getTime() - last.createdAt.getTime() < weekMs) return undefined;
  const since = new Date(Math.max(at.getTime() - weekMs, last?.createdAt.getTime() ?? 0));
  const sentAlone = deps.db
    .select({ postId: newsletterIssues.postId })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.blogId, blogId), eq(newsletterIssues.kind, "post")));
  const fresh = await deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.blogId, blogId),
        eq(posts.status, "published"),
        gt(posts.publishedAt, since),
        // Posts sent on their own, or about to be, are not in the digest.
        eq(posts.sendByEmail, false),
        sql`${posts.id} not in (${sentAlone})`,
      ),
    )
    .orderBy(desc(posts.publishedAt))
    .limit(20);
  if (fresh.length === 0) return undefined;
  const snapshot = await deps.publishing.loadSnapshot(blogId);
  if (!snapshot) return undefined;
  const wanted = new Set(fresh.map((p) => p.id));
  const list = snapshot.site.posts.filter((p) => wanted.has(p.id));
  if (list.length === 0) return undefined;
  const email = digestEmail(snapshot.site as Site, list);
  return storeIssue(deps, blogId, { id: newId(), kind: "digest", postId: null, email });
}

/**
 * What is due now: an issue for each live post marked "send by e-mail", and each weekly digest
 * that is due. Returns the ids of every issue still to send (new, or one a crash interrupted).
 */
export async function makeDueIssues(deps: IssueDeps): Promise<string[]> {
  // A post goes out once its page is live: not while its blog has a render waiting or running.
  const marked = await deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.sendByEmail, true),
        eq(posts.status, "published"),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(renderJobs)
            .where(eq(renderJobs.blogId, posts.blogId)),
        ),
      ),
    )
    .limit(100);
  for (const post of marked) await makePostIssue(deps, post.id);
  const digestBlogs = await deps.db
    .select({ id: blogs.id })
    .from(blogs)
    .where(eq(blogs.newsletterWeeklyDigest, true));
  for (const blog of digestBlogs) await makeDigestIssue(deps, blog.id);
  const open = await deps.db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(inArray(newsletterIssues.status, ["queued", "sending"]));
  return open.map((row) => row.id);
}
