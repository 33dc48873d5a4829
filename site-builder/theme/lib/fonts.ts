import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type FontFamily, shippedFonts as shipped } from "../../../contracts/fonts.ts";

/**
 * The blog fonts shipped with the product (decision 121): the @fontsource packages' latin
 * subsets in WOFF2, only the faces the theme uses (regular, italic, bold, bold italic), served
 * from the blog's own host under content-hashed names (`fonts/{face}.{hash}.woff2`) so they can
 * be cached for a year. Georgia and Courier New are proprietary: their choices ship the
 * metric-compatible open faces Gelasio and Cousine.
 */

type Family = FontFamily;

export const defaultFontFamily: Family = "IBM Plex Serif";

/** The faces the theme's CSS uses: body text, emphasis, headings and bold (600 is drawn as 700). */
const faces = [
  { weight: 400, style: "normal" },
  { weight: 400, style: "italic" },
  { weight: 700, style: "normal" },
  { weight: 700, style: "italic" },
] as const;

/** Fontsource's latin range (its unicode.json), so a page with other scripts falls back cleanly. */
export const latinRange =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

export type WebFont = {
  /** The CSS family name of the shipped face. */
  cssName: string;
  weight: 400 | 700;
  style: "normal" | "italic";
  /** Site-relative file, content-hashed: `fonts/inter-latin-400-normal.3f9a1c0b2d.woff2`. */
  file: string;
  /** The file in the installed package. */
  source: string;
};

const familyOf = (family: string): Family =>
  family in shipped ? (family as Family) : defaultFontFamily;

/** The CSS font stack of a font choice: the shipped face first, then look-alikes. */
export function fontStack(family: string): string {
  return shipped[familyOf(family)].stack;
}

const require = createRequire(import.meta.url);
const known = new Map<Family, WebFont[]>();

/** The shipped faces of a font choice (an unknown name gets the default's), hashed once. */
export function webFonts(family: string): WebFont[] {
  const choice = familyOf(family);
  const cached = known.get(choice);
  if (cached) return cached;
  const { face: cssName, fontsourcePackage: name } = shipped[choice];
  const fonts = faces.map(({ weight, style }) => {
    const stem = `${name}-latin-${weight}-${style}`;
    const source = require.resolve(`@fontsource/${name}/files/${stem}.woff2`);
    const hash = createHash("sha256").update(readFileSync(source)).digest("hex").slice(0, 10);
    return { cssName, weight, style, file: `fonts/${stem}.${hash}.woff2`, source };
  });
  known.set(choice, fonts);
  return fonts;
}

/** Every shipped font file by its hashed site-relative name (the server answers these). */
export function allWebFonts(): Map<string, WebFont> {
  const all = new Map<string, WebFont>();
  for (const family of Object.keys(shipped)) {
    for (const font of webFonts(family)) all.set(font.file, font);
  }
  return all;
}

/** The face every page uses first (body text): preloaded. */
export const preloadedFont = (family: string): WebFont => webFonts(family)[0] as WebFont;

/**
 * The faces preloaded on every page: the regular (body text) and the bold (every page's
 * headings, the largest text above the fold). Found late, the bold face swapped in after the
 * first paint and shifted the layout (Lighthouse measured a CLS of 0.1 on a post page).
 */
export const preloadedFonts = (family: string): WebFont[] =>
  webFonts(family).filter((font) => font.style === "normal");

/** `@font-face` rules for a font choice; `base` leads from the page to the site's root ('../'). */
export function fontFaceCss(family: string, base: string): string {
  return webFonts(family)
    .map(
      (font) =>
        `@font-face{font-family:'${font.cssName}';font-style:${font.style};font-weight:${font.weight};font-display:swap;src:url(${base}${font.file}) format('woff2');unicode-range:${latinRange}}`,
    )
    .join("\n");
}
