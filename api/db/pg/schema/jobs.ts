import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { blogs } from "./blogs.ts";
import { bool, createdAt, id, integer, stringList, timestamp, updatedAt } from "./columns.ts";
import { posts } from "./posts.ts";

/* Background work: render jobs and their steps, site builds, scheduled tasks, imports. */

/**
 * Pending render work: at most one row per blog. A change while a render runs marks the
 * row dirty again, so it makes exactly one more run.
 */
export const renderJobs = pgTable("render_jobs", {
  blogId: text("blog_id")
    .primaryKey()
    .references(() => blogs.id, { onDelete: "cascade" }),
  /** Whole-site render (theme or customization changed) instead of the listed pages. */
  full: bool("full").notNull().default(false),
  /** Post ids whose pages must be re-rendered (incremental). */
  postIds: stringList("post_ids"),
  requestedAt: timestamp("requested_at").notNull(),
  /** Set while a worker holds the job; cleared when it finishes. */
  startedAt: timestamp("started_at"),
  attempts: integer("attempts").notNull().default(0),
});

/**
 * The result of each finished step of a multi-step job (issue 30, decision 321), by the job's id
 * on its queue: a job tried again after a crash takes the stored results instead of running
 * those steps again. Deleted when the job ends.
 */
export const jobSteps = pgTable(
  "job_steps",
  {
    jobId: text("job_id").notNull(),
    step: text("step").notNull(),
    result: jsonb("result").$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.step] })],
);

/** One row per finished render attempt: what the owner sees as the site's state. */
export const siteBuilds = pgTable(
  "site_builds",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["succeeded", "failed"] }).notNull(),
    full: bool("full").notNull(),
    pagesWritten: integer("pages_written").notNull().default(0),
    startedAt: timestamp("started_at").notNull(),
    finishedAt: timestamp("finished_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [index("site_builds_blog_idx").on(t.blogId, t.finishedAt)],
);

/** Jobs that run on a schedule (scheduled publishing, automation, weekly ideas): when each last ran. */
export const scheduledTasks = pgTable(
  "scheduled_tasks",
  {
    name: text("name").notNull(),
    subjectId: text("subject_id").notNull(),
    nextRunAt: timestamp("next_run_at").notNull(),
    lastRunAt: timestamp("last_run_at"),
    lastError: text("last_error"),
  },
  (t) => [primaryKey({ columns: [t.name, t.subjectId] })],
);

/** An import of a WordPress, Ghost, Markdown or Blogfleet export into a blog, run as a job. */
export const importJobs = pgTable(
  "import_jobs",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["wordpress", "ghost", "markdown", "blogfleet"] }).notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", {
      enum: ["queued", "running", "succeeded", "failed", "cancelled"],
    }).notNull(),
    /** `{ upload }`: where the uploaded file waits for the job (gone once the job ends). */
    payload: jsonb("payload").notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    currentItem: text("current_item"),
    /** What the import did (contracts/imports.ts ImportReport), filled as it goes. */
    report: jsonb("report").notNull(),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [index("import_jobs_blog_idx").on(t.blogId, t.createdAt)],
);

/**
 * One row per source item imported into a blog: the idempotency key that lets a resumed import
 * skip what it already wrote, and a second import of the same file skip it too (decision 144).
 */
export const importedItems = pgTable(
  "imported_items",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    sourceKey: text("source_key").notNull(),
    jobId: text("job_id").references(() => importJobs.id, { onDelete: "set null" }),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.sourceKey] })],
);
