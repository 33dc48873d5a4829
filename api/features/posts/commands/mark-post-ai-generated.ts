import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client.ts";
import { first } from "../../../db/query.ts";
import { posts } from "../../../db/schema.ts";
import { NotFound } from "../../../http/errors.ts";
import { stillAiAssisted } from "../ai-disclosure.ts";

/**
 * Marks a post as filled with AI output `generatedText` (inside the caller's transaction, if
 * any): the text is kept, and the post shows its blog's 'AI-assisted' note while its content
 * stays close to it (docs/decisions/057-ai-disclosure.md). For content automation and any
 * other flow that writes AI output into a post outside the editor. Returns whether the post
 * is AI-assisted now.
 */
export async function markPostAiGenerated(
  db: Queryable,
  postId: string,
  generatedText: string,
): Promise<boolean> {
  const post = await first(
    db.select({ content: posts.content }).from(posts).where(eq(posts.id, postId)),
  );
  if (!post) throw NotFound("Post");
  const aiAssisted = generatedText.trim() !== "" && stillAiAssisted(generatedText, post.content);
  await db
    .update(posts)
    .set({ aiText: generatedText, aiAssisted, version: sql`${posts.version} + 1` })
    .where(eq(posts.id, postId));
  return aiAssisted;
}
