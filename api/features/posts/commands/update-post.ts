import { and, eq, sql } from "drizzle-orm";
import type { UpdatePostInput } from "../../../../contracts/posts.ts";
import { excerptFromContent, isDerivedExcerpt } from "../../../content/excerpt.ts";
import { postPendingChanges, postSlugHistory, posts } from "../../../db/schema.ts";
import {
  checkedFeatureImageId,
  imagesMissingAlt,
  missingAltConflict,
} from "../../media/image-checks.ts";
import { withOutbox } from "../../publishing/outbox.ts";
import { setPostTags } from "../../tags/service.ts";
import { stillAiAssisted } from "../ai-disclosure.ts";
import { fingerprintOfContent, keepFingerprint, saveFingerprint } from "../fingerprints.ts";
import { postFor } from "../post-access.ts";
import { checkedCategoryId, refuseUnfinishedOutline } from "../post-checks.ts";
import { recordPostActivity } from "../post-events.ts";
import {
  type AuthorRow,
  type PostDeps,
  type PostRow,
  type PostWithAuthor,
  withAuthor,
} from "../post-rows.ts";
import { saveRevision } from "../revision-store.ts";
import { claimSlug, resolveSlug, slugConflictOr } from "../slugs.ts";
import { checkPrecondition, type Precondition } from "../versions.ts";

/**
 * Applies the fields sent. A blank excerpt is derived from the content; so is an excerpt that
 * was derived before and is sent back unchanged (the editor has no excerpt field), so it
 * follows the content instead of going stale. A slug change of a post that has been
 * published keeps the old slug for a 301.
 */
export async function updatePost(
  deps: PostDeps,
  owner: AuthorRow,
  postId: string,
  input: UpdatePostInput,
  precondition?: Precondition,
): Promise<PostWithAuthor> {
  let result: { post: PostRow; changed: boolean };
  const fingerprint =
    input.content === undefined ? undefined : await fingerprintOfContent(deps.cpu, input.content);
  try {
    result = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
      // Edits of a live post change what readers see: whoever may publish it applies them.
      const { post: before } = await postFor(tx, owner.id, postId, "change");
      // A save from an older version never overwrites newer work (decision 095).
      await checkPrecondition(tx, before, { ...precondition, version: input.version });
      // The editor's 'Update' carries the edits kept apart for the live page: they are done.
      if (input.version !== undefined) {
        await tx
          .delete(postPendingChanges)
          .where(
            and(
              eq(postPendingChanges.postId, before.id),
              eq(postPendingChanges.baseVersion, before.version),
            ),
          );
      }
      const changes: Partial<typeof posts.$inferInsert> = {};
      const set = <K extends keyof typeof changes>(key: K, value: (typeof changes)[K]) => {
        if (
          value !== undefined &&
          JSON.stringify(value) !== JSON.stringify(before[key as K & keyof PostRow])
        )
          changes[key] = value;
      };
      set("title", input.title);
      set("content", input.content);
      set("metaTitle", input.metaTitle);
      set("metaDescription", input.metaDescription);
      set("keywords", input.keywords);
      if (input.categoryId !== undefined) {
        set("categoryId", await checkedCategoryId(tx, before.blogId, input.categoryId));
      }
      if (input.featureImageId !== undefined) {
        set("featureImageId", await checkedFeatureImageId(tx, before.blogId, input.featureImageId));
      }
      if (input.generatedByAi && input.content) {
        // The editor was just filled with AI output: edits are measured against it from now on.
        set("aiText", input.content);
        set("aiAssisted", true);
      } else if (input.content !== undefined && before.aiText !== null) {
        set("aiAssisted", stillAiAssisted(before.aiText, input.content));
      }

      const content = input.content ?? before.content;
      const wasDerived = isDerivedExcerpt(before.excerpt, before.content);
      const sent = input.excerpt ?? before.excerpt;
      set(
        "excerpt",
        sent === "" || (wasDerived && sent === before.excerpt) ? excerptFromContent(content) : sent,
      );

      if (input.slug !== undefined) {
        const slug = await resolveSlug(
          tx,
          before.blogId,
          input.slug,
          input.title ?? before.title,
          before.id,
        );
        if (slug !== before.slug) {
          changes.slug = slug;
          await claimSlug(tx, before.blogId, slug);
          if (before.publishedAt) {
            await tx
              .insert(postSlugHistory)
              .values({ blogId: before.blogId, postId: before.id, slug: before.slug })
              .onConflictDoUpdate({
                target: [postSlugHistory.blogId, postSlugHistory.slug],
                set: { postId: before.id },
              });
          }
        }
      }

      const tagsChanged =
        input.tags !== undefined && (await setPostTags(tx, before.blogId, before.id, input.tags));
      if (Object.keys(changes).length === 0 && !tagsChanged)
        return { post: before, changed: false };
      const [after] = await tx
        .update(posts)
        .set({ ...changes, version: sql`${posts.version} + 1` })
        .where(eq(posts.id, before.id))
        .returning();
      if (!after) throw new Error("update returned no row");
      if (
        after.status === "published" &&
        (changes.content !== undefined || changes.featureImageId !== undefined)
      ) {
        // Readers never get an image without alt text or an outline's instructions, whether they
        // came before or after publishing.
        if (changes.content !== undefined) refuseUnfinishedOutline(after.content);
        const missing = await imagesMissingAlt(tx, after);
        if (missing.length > 0) throw missingAltConflict(missing);
      }
      if (fingerprint && changes.content !== undefined)
        await saveFingerprint(tx, after, fingerprint);
      else await keepFingerprint(tx, before, after);
      await saveRevision(tx, after, owner.id, input.autosave === true, deps.clock());
      const fields = [...Object.keys(changes), ...(tagsChanged ? ["tags"] : [])];
      await recordPostActivity(tx, owner.id, "post.edited", after, { fields }, deps.clock());
      if (after.status === "published") await record(after.blogId, { postIds: [after.id] });
      return { post: after, changed: true };
    });
  } catch (error) {
    throw slugConflictOr(error);
  }
  return withAuthor(deps.db, result.post, owner);
}
