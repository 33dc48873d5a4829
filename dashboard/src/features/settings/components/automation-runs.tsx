import { type AutomationSettings, outOfTopicsReason } from "@contracts/automation.ts";
import type { AutomationJob } from "@contracts/background-work.ts";
import { generationStepLabels } from "@contracts/generation.ts";
import { format, parseISO } from "date-fns";

const when = (iso: string) => format(parseISO(iso), "MMM d, yyyy 'at' h:mm a");

/**
 * Automation's runs as the card shows them: from the blog's jobs, asked again while a post is
 * due; until they load, from the saved settings (the same columns, read once).
 */
export function automationRunOf(
  saved: AutomationSettings | null,
  jobs: AutomationJob | undefined,
  now: Date = new Date(),
): AutomationJob {
  if (jobs) return jobs;
  const next = saved?.enabled ? saved.nextRunAt : null;
  return {
    state: !saved?.enabled
      ? "off"
      : saved.skipReason === outOfTopicsReason
        ? "out_of_topics"
        : next && parseISO(next) <= now
          ? "due"
          : "scheduled",
    lastRunAt: saved?.lastGeneratedAt ?? null,
    nextRunAt: next,
    lastError: saved?.skipReason ?? null,
    writing: null,
  };
}

/** The post being written now, in words: its topic and the writer's step. */
export function writingText(run: AutomationJob): string | null {
  const writing = run.writing;
  if (!writing) return null;
  const step = !writing.step
    ? "waiting to start"
    : writing.step === "sections" && writing.sectionsTotal > 0
      ? `writing section ${Math.min(writing.sectionsWritten + 1, writing.sectionsTotal)} of ${writing.sectionsTotal}`
      : generationStepLabels[writing.step].toLowerCase();
  return `Writing “${writing.topic}”: ${step}.${writing.waiting ? ` ${writing.waiting}` : ""}`;
}

/** When the next post is written, in words; null while automation is off. */
export function nextRunText(run: AutomationJob): string | null {
  if (run.state === "due") return "Next post: due now, written within a minute.";
  if (run.state === "scheduled" && run.nextRunAt) return `Next post ${when(run.nextRunAt)}`;
  return null;
}

/** Last run, next run and why the last due run wrote nothing (only while automation is on). */
export function AutomationRuns({ run, enabled }: { run: AutomationJob; enabled: boolean }) {
  const next = enabled ? nextRunText(run) : null;
  const writing = writingText(run);
  return (
    <>
      {writing && (
        <p role="status" className="text-sm">
          {writing}
        </p>
      )}
      {enabled && run.lastError && (
        <p role="status" className="text-sm text-error">
          {run.lastError}
        </p>
      )}
      {(run.lastRunAt || next) && (
        <div className="space-y-1 text-sm text-muted-foreground">
          {run.lastRunAt && (
            <p>
              Last generated <time dateTime={run.lastRunAt}>{when(run.lastRunAt)}</time>
            </p>
          )}
          {next && <p>{next}</p>}
        </div>
      )}
    </>
  );
}
