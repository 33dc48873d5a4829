import type { fontFamilies } from "./limits.ts";

export type FontFamily = (typeof fontFamilies)[number];

/**
 * The open face shipped behind each font choice (decision 121), with its CSS stack: the theme
 * serves these from the blog's host, and the dashboard shows each choice in it. Georgia and
 * Courier New are proprietary; their metric-compatible open faces Gelasio and Cousine stand in.
 */
export const shippedFonts: Record<
  FontFamily,
  { face: string; fontsourcePackage: string; stack: string }
> = {
  "IBM Plex Serif": {
    face: "IBM Plex Serif",
    fontsourcePackage: "ibm-plex-serif",
    stack: "'IBM Plex Serif', 'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif",
  },
  Inter: {
    face: "Inter",
    fontsourcePackage: "inter",
    stack:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  Georgia: {
    face: "Gelasio",
    fontsourcePackage: "gelasio",
    stack: "Gelasio, Georgia, 'Times New Roman', Times, serif",
  },
  "Courier New": {
    face: "Cousine",
    fontsourcePackage: "cousine",
    stack: "Cousine, 'Courier New', Courier, 'Liberation Mono', monospace",
  },
};
