import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { ThemeMaking } from "../../../site-builder/theme/lib/site.ts";
import type { Database } from "../../db/client.ts";
import { aiGenerations, aiUsage, posts } from "../../db/schema.ts";

/** Posts per query when they are named (bound parameters stay far below SQLite's limit). */
const idsPerQuery = 500;

/** The calls that write a post's text (not its image, alt text or meta fields). */
const writingKinds = ["generate-post", "automation"];

/** What the snapshot read of an AI-assisted post, beside its other columns. */
export type MakingRow = {
  id: string;
  createdAt: Date;
  publishedAt: Date | null;
  /** The stored text differs from the AI text it was filled with. */
  edited: unknown;
};

/**
 * `posts` columns for the note: whether the text was edited since the AI wrote it, compared in
 * the database (the texts are never sent here), and only for AI-assisted posts — the others
 * show no note, and a full render of a large blog should not read every body twice.
 */
export const makingColumns = {
  createdAt: posts.createdAt,
  edited: sql<unknown>`case when ${posts.aiAssisted} then ${posts.content} <> coalesce(${posts.aiText}, '') end`,
};

/**
 * "How this post was made" (decision 342) for the AI-assisted posts among `rows`: the model
 * that drafted each (ai_usage, the first writing call) and whether automation published it the
 * moment it wrote it (its generation is automation's, and it went live as it was saved). Two
 * reads per 500 posts, whatever the number of posts.
 */
export async function loadMaking(
  db: Database,
  rows: readonly (MakingRow & { aiAssisted: boolean })[],
): Promise<Map<string, ThemeMaking>> {
  const assisted = rows.filter((row) => row.aiAssisted);
  const models = new Map<string, { model: string; at: number }>();
  const automated = new Set<string>();
  for (let i = 0; i < assisted.length; i += idsPerQuery) {
    const ids = assisted.slice(i, i + idsPerQuery).map((row) => row.id);
    const [usage, generations] = await Promise.all([
      db
        .select({ postId: aiUsage.postId, model: aiUsage.model, at: aiUsage.createdAt })
        .from(aiUsage)
        .where(
          and(
            inArray(aiUsage.postId, ids),
            inArray(aiUsage.kind, writingKinds),
            // The built-in writer is not a model (decision 057 counts its drafts as generated).
            ne(aiUsage.model, "offline-writer"),
          ) as SQL,
        ),
      db
        .select({ postId: aiGenerations.postId })
        .from(aiGenerations)
        .where(
          and(inArray(aiGenerations.postId, ids), eq(aiGenerations.origin, "automation")) as SQL,
        ),
    ]);
    for (const { postId, model, at } of usage) {
      if (!postId) continue;
      const known = models.get(postId);
      if (!known || at.getTime() < known.at) models.set(postId, { model, at: at.getTime() });
    }
    for (const { postId } of generations) if (postId) automated.add(postId);
  }
  const making = new Map<string, ThemeMaking>();
  for (const row of assisted) {
    const edited = row.edited === true || row.edited === 1;
    // Automation publishes in the transaction that saves the post, at the same instant.
    const unattended =
      automated.has(row.id) &&
      row.publishedAt !== null &&
      row.publishedAt.getTime() === row.createdAt.getTime();
    making.set(row.id, {
      model: models.get(row.id)?.model ?? null,
      draftedAt: row.createdAt,
      human: edited ? "edited" : unattended ? "none" : "reviewed",
    });
  }
  return making;
}
