import type { aiLengths } from "@contracts/limits.ts";

type Length = (typeof aiLengths)[number];

/**
 * What the AI dialog says while a post is written. The model answers once, at the end, so
 * these stages are an estimate from the time taken (decision 033), and the dialog says so.
 */
export const generationStages = [
  { label: "Outlining…", from: 0 },
  { label: "Writing sections…", from: 0.15 },
  { label: "Checking and cleaning the HTML…", from: 0.8 },
] as const;

/** About how long a model takes for each length, in seconds (a typical hosted model). */
export const typicalSeconds: Record<Length, number> = { short: 25, medium: 45, long: 75 };

export type GenerationProgress = {
  /** Index into `generationStages`. */
  stage: number;
  label: string;
  /** Past the typical time: the label says it is taking longer. */
  overdue: boolean;
};

export function generationProgress(elapsedSeconds: number, length: Length): GenerationProgress {
  const expected = typicalSeconds[length];
  const share = elapsedSeconds / expected;
  let stage = 0;
  generationStages.forEach((s, i) => {
    if (share >= s.from) stage = i;
  });
  const overdue = elapsedSeconds > expected;
  return {
    stage,
    label: overdue
      ? "Taking longer than usual. Still checking and cleaning the HTML…"
      : (generationStages[stage]?.label ?? ""),
    overdue,
  };
}
