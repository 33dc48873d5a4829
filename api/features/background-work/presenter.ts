import { outOfTopicsReason } from "../../../contracts/automation.ts";
import type {
  AutomationJob,
  BlogJobs,
  ImportJobSummary,
  RenderJob,
} from "../../../contracts/background-work.ts";
import type { GenerationProgress } from "../../../contracts/generation.ts";
import type { RenderStatus } from "../blogs/site-status.ts";
import type { BlogWork } from "./service.ts";

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;

export function presentRenderJob(render: RenderStatus): RenderJob {
  const state: RenderJob["state"] =
    render.state === "rendering"
      ? "running"
      : render.state === "queued" || render.state === "retrying"
        ? render.state
        : render.lastFailed
          ? "failed"
          : render.state === "live"
            ? "done"
            : "none";
  return {
    state,
    attempts: render.attempts,
    nextAttemptAt: iso(render.nextAttemptAt),
    lastError: render.lastError,
    lastFinishedAt: iso(render.lastRenderedAt),
  };
}

function presentAutomationJob(
  settings: BlogWork["automation"],
  writing: BlogWork["writing"],
  now: Date,
): AutomationJob {
  const on = settings?.enabled === true;
  const next = on ? (settings?.nextRunAt ?? null) : null;
  const progress = writing?.progress as GenerationProgress | undefined;
  return {
    state: !on
      ? "off"
      : settings?.skipReason === outOfTopicsReason
        ? "out_of_topics"
        : next && next.getTime() <= now.getTime()
          ? "due"
          : "scheduled",
    lastRunAt: iso(settings?.lastGeneratedAt),
    nextRunAt: iso(next),
    lastError: settings?.skipReason ?? null,
    writing:
      writing && progress
        ? {
            generationId: writing.id,
            topic: (writing.input as { topic: string }).topic,
            step: progress.step,
            sectionsWritten: progress.sectionsWritten,
            sectionsTotal: progress.outline.length,
            waiting: progress.waiting,
          }
        : null,
  };
}

export function presentBlogJobs(work: BlogWork, now: Date): BlogJobs {
  return {
    render: presentRenderJob(work.render),
    imports: work.imports.map(
      (row): ImportJobSummary => ({
        id: row.id,
        fileName: row.fileName,
        format: row.format,
        status: row.status,
        total: row.total,
        done: row.done,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
        finishedAt: iso(row.finishedAt),
      }),
    ),
    automation: presentAutomationJob(work.automation, work.writing, now),
  };
}
