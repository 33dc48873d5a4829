import {
  type Generation,
  type GenerationStep,
  generationStepLabels,
  generationSteps,
} from "@contracts/generation.ts";

export type StepState = "done" | "current" | "pending";

/** Each step of the AI writer in order, with what the generation says of it. */
export function stepStates(
  generation: Pick<Generation, "status" | "progress">,
): { step: GenerationStep; label: string; state: StepState }[] {
  const { done, step } = generation.progress;
  return generationSteps.map((s) => ({
    step: s,
    label: generationStepLabels[s],
    state: done.includes(s) ? "done" : s === step ? "current" : "pending",
  }));
}

/** The one line read out while the writer works: why it waits, or the step under way. */
export function progressHeadline(generation: Pick<Generation, "status" | "progress">): string {
  const { waiting, step } = generation.progress;
  if (waiting) return waiting;
  if (generation.status === "queued" || !step) return "Waiting to start…";
  return `${generationStepLabels[step]}…`;
}

/** "Section n of m written", once a section is written and the outline says how many. */
export function sectionsLine(generation: Pick<Generation, "progress">): string | null {
  const { sectionsWritten, outline } = generation.progress;
  if (sectionsWritten < 1 || outline.length === 0) return null;
  return `Section ${Math.min(sectionsWritten, outline.length)} of ${outline.length} written`;
}
