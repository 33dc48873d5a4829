/** One bar of a chart: what it counts and how tall it is drawn. */
export type ChartBar = {
  key: string;
  /** Short label for the axis and the table, such as 'Mar 5'. */
  label: string;
  value: number;
  /** Height relative to the tallest bar; a bar with a value is never drawn flat. */
  heightPercent: number;
};

/** Smallest height of a bar with a value, so one click next to a thousand still shows. */
const minimumPercent = 4;

/** Scales bars to the largest value (all flat when every value is 0). */
export function scaleBars(items: readonly Omit<ChartBar, "heightPercent">[]): {
  bars: ChartBar[];
  max: number;
  total: number;
} {
  const max = items.reduce((m, item) => Math.max(m, item.value), 0);
  const bars = items.map((item) => ({
    ...item,
    heightPercent:
      item.value > 0 ? Math.max(minimumPercent, Math.round((item.value / max) * 100)) : 0,
  }));
  return { bars, max, total: items.reduce((sum, item) => sum + item.value, 0) };
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
