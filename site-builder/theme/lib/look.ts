import { textColorOn } from "../../../contracts/color-contrast.ts";
import { fontFaceCss, fontStack } from "./fonts.ts";
import { accessibleShade, safeColor } from "./format.ts";

/**
 * The parts of every page that depend only on the blog's look (colour, font) and the page's
 * depth: worked out once, not for each of a full render's thousand pages (colour contrast
 * maths, the `@font-face` rules). A few looks and depths per process: bounded all the same.
 */
const known = new Map<string, string>();
const maxKnown = 256;

function once(key: string, make: () => string): string {
  let value = known.get(key);
  if (value === undefined) {
    if (known.size >= maxKnown) known.clear();
    value = make();
    known.set(key, value);
  }
  return value;
}

/** The `<html style>` of a blog's pages: its colour, the shades and text colour on it, its font. */
export const rootStyle = (primaryColor: string, fontFamily: string): string =>
  once(`style\u0000${primaryColor}\u0000${fontFamily}`, () => {
    const primary = safeColor(primaryColor);
    return [
      `--primary: ${primary}`,
      `--primary-ink: ${accessibleShade(primary, "#faf6ef")}`,
      // The owner's colour as chosen behind the header and buttons, with the text colour that
      // reads on it (white or dark), never a darkened shade of it (decision 123).
      `--on-primary: ${textColorOn(primary)}`,
      `--font: ${fontStack(fontFamily)}`,
    ].join("; ");
  });

/** The blog's `@font-face` rules, from a page `home` away from the site's root. */
export const fontFaces = (fontFamily: string, home: string): string =>
  once(`fonts\u0000${fontFamily}\u0000${home}`, () => fontFaceCss(fontFamily, home));
