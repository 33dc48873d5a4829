import type { GenerationStep } from "./generation.ts";
import type { ImportJob } from "./imports.ts";

/**
 * `GET /api/blogs/{blogId}/jobs`: the blog's background work as its owner sees it (decision
 * 323), read from the database, so a web process that runs no jobs answers as a worker would.
 */
export type BlogJobs = {
  render: RenderJob;
  /** Imports waiting or running, then the 5 newest finished ones; newest first. */
  imports: ImportJobSummary[];
  automation: AutomationJob;
};

/**
 * The blog's render: `queued` (a change waits for a renderer), `running`, `retrying` (the last
 * try failed; another follows), `failed` (the last try failed and nothing is pending: the next
 * change renders again), `done` (the last render succeeded), `none` (never rendered).
 */
export type RenderJobState = "none" | "queued" | "running" | "retrying" | "failed" | "done";

export type RenderJob = {
  state: RenderJobState;
  /** Failed tries in a row of the pending render. */
  attempts: number;
  /** While retrying: when the next try starts (null: shortly, or not known). */
  nextAttemptAt: string | null;
  /** Why the last try failed, in plain words; null once a render succeeds. */
  lastError: string | null;
  /** When the last try ended, whatever its outcome. */
  lastFinishedAt: string | null;
};

/** An import without its report (`GET /api/imports/{id}` has it whole). */
export type ImportJobSummary = Pick<
  ImportJob,
  "id" | "fileName" | "format" | "status" | "total" | "done" | "error" | "createdAt" | "finishedAt"
>;

/**
 * Content automation: `off`, `scheduled` (the next post is written at `nextRunAt`), `due` (its
 * time has come: a worker writes it within a minute) or `out_of_topics` (due, but every topic
 * has been written: paused until the owner adds one, decision 341).
 */
export type AutomationJob = {
  state: "off" | "scheduled" | "due" | "out_of_topics";
  /** When the last post was written. */
  lastRunAt: string | null;
  nextRunAt: string | null;
  /** Why the last due run wrote nothing (a spent AI allowance, a failing provider); null after a post. */
  lastError: string | null;
  /** The post the AI writer is writing for automation now, and how far it is; null when none. */
  writing: AutomationWriting | null;
};

/** Automation's post in progress (decision 334): its topic and the writer's step. */
export type AutomationWriting = {
  generationId: string;
  topic: string;
  step: GenerationStep | null;
  sectionsWritten: number;
  sectionsTotal: number;
  /** Why it waits (a per-minute limit, a failed call tried again). */
  waiting: string | null;
};

/** Whether any of it is waiting or running (the dashboard asks again only then). */
export function hasWorkInProgress(jobs: BlogJobs | undefined): boolean {
  if (!jobs) return false;
  return (
    ["queued", "running", "retrying"].includes(jobs.render.state) ||
    jobs.imports.some((job) => job.status === "queued" || job.status === "running") ||
    jobs.automation.state === "due" ||
    jobs.automation.writing !== null
  );
}
