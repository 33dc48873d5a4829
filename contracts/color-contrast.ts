/**
 * WCAG 2 contrast of the blog's primary colour (decision 123): the theme picks the text colour
 * over it, and the dashboard tells the owner when white text cannot sit on it. One copy of the
 * arithmetic for both.
 */

/** A #rgb or #rrggbb colour as #rrggbb (lower case), or undefined for anything else. */
export function fullHex(color: string): string | undefined {
  const value = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join("")}`;
  return undefined;
}

/** Relative luminance (WCAG 2) of a #rgb / #rrggbb colour. */
export function relativeLuminance(color: string): number {
  const hex = fullHex(color) ?? "#000000";
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for body-size text. */
export const minimumContrast = 4.5;

/** The dark text used over a primary colour too light for white text. */
export const darkTextOnPrimary = "#111111";

/** Whether white text on `color` reaches AA contrast. */
export const carriesWhiteText = (color: string) =>
  contrastRatio("#ffffff", color) >= minimumContrast;

/**
 * The text colour for text over `background`: white when it reaches AA, otherwise near-black
 * (every colour reaches AA with one of the two; black is the last resort).
 */
export function textColorOn(background: string): string {
  if (carriesWhiteText(background)) return "#ffffff";
  return contrastRatio(darkTextOnPrimary, background) >= minimumContrast
    ? darkTextOnPrimary
    : "#000000";
}
