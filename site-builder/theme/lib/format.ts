/** Public dates are shown in UTC so a page renders the same wherever the server runs. */
const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});
const longDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});

/** 'MMM dd, yyyy', e.g. "Nov 05, 2026" (spec 2.13). */
export const listDate = (date: Date) => shortDate.format(date);
/** 'MMMM dd, yyyy', e.g. "November 05, 2026" (spec 2.14). */
export const postDate = (date: Date) => longDate.format(date);

import { relativeLuminance as luminance } from "../../../contracts/color-contrast.ts";

/** Only a #rgb / #rrggbb colour reaches a style attribute; anything else falls back to the default. */
export function safeColor(color: string): string {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : "#df7020";
}

/**
 * The blog colour, darkened only as far as needed to reach WCAG AA contrast (4.5:1) against
 * `background`, so any colour an owner picks stays readable as link text on the page. (Over
 * the colour itself, the text colour is chosen instead: `textColorOn`, decision 123.)
 */
export function accessibleShade(color: string, background: string): string {
  let hex = safeColor(color);
  if (hex.length === 4) hex = `#${[...hex.slice(1)].map((c) => c + c).join("")}`;
  const against = luminance(background);
  let [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  for (let step = 0; step < 60; step++) {
    const current = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
    const [light, dark] = [
      Math.max(against, luminance(current)),
      Math.min(against, luminance(current)),
    ];
    if ((light + 0.05) / (dark + 0.05) >= 4.5) return current;
    [r, g, b] = [r, g, b].map((c) => Math.max(0, Math.floor(c * 0.93))) as [number, number, number];
  }
  return "#000000";
}
