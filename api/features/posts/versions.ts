import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { type posts, users } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { tagNamesOf } from "../tags/service.ts";
import { authorColumns } from "./post-rows.ts";
import { presentPost } from "./presenter.ts";

type PostRow = typeof posts.$inferSelect;

/** A post's ETag (sent on GET and after saves): its version, which every write bumps. */
export const postETag = (post: { version: number }) => `"post-v${post.version}"`;

/**
 * What a save started from (docs/decisions/095): the body's `version` (a stale one answers
 * 409) or an `If-Match` header with the post's ETag (412). Neither: no check (API clients
 * that read and write in one go); the dashboard always sends its version.
 */
export type Precondition = { version?: number; ifMatch?: string };

/** Whether an `If-Match` header names the post as it is now (`*` names any existing post). */
export function ifMatchHolds(header: string, post: { version: number }): boolean {
  const tags = header.split(",").map((tag) => tag.trim());
  const current = postETag(post);
  return tags.some((tag) => tag === "*" || tag === current || tag === `W/${current}`);
}

/** The 409 (or 412) answer to a stale save: says what happened and carries the current post. */
export async function staleVersion(
  tx: Queryable,
  post: PostRow,
  status: 409 | 412,
): Promise<HttpError> {
  const author = post.authorId
    ? await first(tx.select(authorColumns).from(users).where(eq(users.id, post.authorId)))
    : undefined;
  return new HttpError(
    status,
    "stale_version",
    `This post was changed elsewhere (in another tab, on another device or by automation) after you opened it; it is now at version ${post.version}, saved ${post.updatedAt.toISOString()}. Nothing was saved: reload that version, or save again from it to overwrite it with yours.`,
    undefined,
    { current: presentPost(post, author, (await tagNamesOf(tx, [post.id])).get(post.id) ?? []) },
  );
}

/** Throws the stale answer unless the precondition holds for the post as it is now. */
export async function checkPrecondition(
  tx: Queryable,
  post: PostRow,
  precondition: Precondition | undefined,
): Promise<void> {
  if (precondition?.ifMatch !== undefined && !ifMatchHolds(precondition.ifMatch, post)) {
    throw await staleVersion(tx, post, 412);
  }
  if (precondition?.version !== undefined && precondition.version !== post.version) {
    throw await staleVersion(tx, post, 409);
  }
}
