import { eq } from "drizzle-orm";
import {
  type AutomationInput,
  type AutomationSettings,
  topicDetailsOf,
} from "../../../contracts/automation.ts";
import { defaults, limits, type PostingFrequency } from "../../../contracts/limits.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first } from "../../db/query.ts";
import { automationSettings, categories } from "../../db/schema.ts";
import { Conflict, HttpError, NotFound } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import type { Embeddings } from "../internal-links/embeddings.ts";
import { normalizeTopic, refuseCloseTopics } from "./topic-ledger.ts";

type Row = typeof automationSettings.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Time between two generated posts: postsPerWeek spread over the frequency's period. Daily
 * and weekly spread them over a week (daily never waits more than a day); biweekly over two.
 */
export function generationInterval(frequency: PostingFrequency, postsPerWeek: number): number {
  const perWeek = Math.max(1, postsPerWeek);
  if (frequency === "biweekly") return (14 * dayMs) / perWeek;
  const interval = (7 * dayMs) / perWeek;
  return frequency === "daily" ? Math.min(interval, dayMs) : interval;
}

/**
 * When a blog switched on generates next: now the first time; after earlier posts, not before
 * the interval since the last one has passed, so switching off and on again (re-arming) never
 * makes a post due early.
 */
export function firstRunWhenEnabled(
  settings: Pick<Row, "lastGeneratedAt" | "postingFrequency" | "postsPerWeek">,
  now: Date,
): Date {
  if (!settings.lastGeneratedAt) return now;
  const earliest =
    settings.lastGeneratedAt.getTime() +
    generationInterval(settings.postingFrequency, settings.postsPerWeek);
  return new Date(Math.max(now.getTime(), earliest));
}

export function presentAutomation(row: Row): AutomationSettings {
  return {
    blogId: row.blogId,
    configured: true,
    enabled: row.enabled,
    lastGeneratedAt: row.lastGeneratedAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    niche: row.niche,
    postingFrequency: row.postingFrequency,
    postsPerWeek: row.postsPerWeek,
    autoPublish: row.autoPublish,
    topics: row.topics,
    topicDetails: topicDetailsOf(row.topicDetails),
    skipReason: row.skipReason,
  };
}

/** The blog's saved settings row, or 404 when none were saved yet (an update needs them). */
export async function getAutomation(db: Database, ownerId: string, blogId: string): Promise<Row> {
  await findOwnedBlog(db, ownerId, blogId);
  const row = await first(
    db.select().from(automationSettings).where(eq(automationSettings.blogId, blogId)),
  );
  if (!row) throw NotFound("Automation settings");
  return row;
}

/**
 * What `GET /api/blogs/{blogId}/automation` answers: the saved settings, or before the first
 * save the defaults that save starts from, marked `configured: false` (decision 354). A blog
 * without settings is the usual state of a new blog, not an error.
 */
export async function readAutomation(
  db: Database,
  ownerId: string,
  blogId: string,
): Promise<AutomationSettings> {
  await findOwnedBlog(db, ownerId, blogId);
  const row = await first(
    db.select().from(automationSettings).where(eq(automationSettings.blogId, blogId)),
  );
  if (row) return presentAutomation(row);
  return {
    blogId,
    configured: false,
    enabled: false,
    lastGeneratedAt: null,
    nextRunAt: null,
    niche: null,
    postingFrequency: defaults.postingFrequency,
    postsPerWeek: limits.postsPerWeek.default,
    autoPublish: defaults.autoPublish,
    topics: [],
    topicDetails: [],
    skipReason: null,
  };
}

/** A topic's category must be one of the blog's: 400 naming each that is not. */
async function checkTopicCategories(db: Database, blogId: string, input: AutomationInput) {
  const asked = (input.topicDetails ?? []).flatMap((d, i) =>
    d.categoryId ? [{ i, id: d.categoryId }] : [],
  );
  if (asked.length === 0) return;
  const known = new Set(
    (
      await db.select({ id: categories.id }).from(categories).where(eq(categories.blogId, blogId))
    ).map((c) => c.id),
  );
  const issues = asked
    .filter((a) => !known.has(a.id))
    .map((a) => ({
      path: `topicDetails.${a.i}.categoryId`,
      message: "is not a category of this blog",
    }));
  if (issues.length)
    throw new HttpError(
      400,
      "validation_failed",
      issues.map((i) => `${i.path}: ${i.message}`).join("; "),
      issues,
    );
}

const topicsNeeded = () =>
  new HttpError(400, "validation_failed", "topics: Add at least one topic to enable automation", [
    { path: "topics", message: "Add at least one topic to enable automation" },
  ]);

/**
 * The topics of `next` that `before` did not hold (by normalized topic), with their places:
 * only those are checked against the blog's titles, so saving the list again with its used
 * topics in it is never refused (decision 341).
 */
function newTopicsOf(before: readonly string[], next: readonly string[] | undefined) {
  const known = new Set(before.map(normalizeTopic));
  return (next ?? []).flatMap((topic, index) =>
    known.has(normalizeTopic(topic)) ? [] : [{ topic, index }],
  );
}

export async function createAutomation(
  db: Database,
  ownerId: string,
  blogId: string,
  input: AutomationInput,
  embeddings?: Embeddings,
) {
  await findOwnedBlog(db, ownerId, blogId);
  if (input.enabled && (input.topics ?? []).length === 0) throw topicsNeeded();
  await checkTopicCategories(db, blogId, input);
  await refuseCloseTopics(db, blogId, newTopicsOf([], input.topics), embeddings);
  try {
    const [row] = await db
      .insert(automationSettings)
      .values({ blogId, ...input, nextRunAt: input.enabled ? new Date() : null })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error))
      throw Conflict("Automation settings already exist for this blog; update them instead.");
    throw error;
  }
}

export async function updateAutomation(
  db: Database,
  ownerId: string,
  blogId: string,
  input: AutomationInput,
  embeddings?: Embeddings,
) {
  const current = await getAutomation(db, ownerId, blogId);
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  } as Row;
  if (next.enabled && next.topics.length === 0) throw topicsNeeded();
  await checkTopicCategories(db, blogId, input);
  await refuseCloseTopics(db, blogId, newTopicsOf(current.topics, input.topics), embeddings);
  // Switching on schedules the next generation (now, or once the interval since the last post
  // has passed); switching off stops the schedule and forgets why a run was skipped.
  const nextRunAt = next.enabled
    ? current.enabled
      ? current.nextRunAt
      : firstRunWhenEnabled(next, new Date())
    : null;
  const [row] = await db
    .update(automationSettings)
    .set({ ...input, nextRunAt, ...(next.enabled ? {} : { skipReason: null }) })
    .where(eq(automationSettings.blogId, blogId))
    .returning();
  if (!row) throw NotFound("Automation settings");
  return row;
}
