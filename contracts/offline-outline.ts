import { textBlocks } from "./content-text.ts";

/**
 * The offline writer (no AI provider) answers with an outline: each section holds an instruction
 * for the owner, not text for readers. Every instruction paragraph starts with this marker, plain
 * text so it survives the editor, the sanitizer and any copy and paste; the API refuses to
 * publish while one remains and the editor's checks name the sections (decision 033).
 */
export const outlineMarker = "[To write]";

/** The note the offline writer opens its outline with (older outlines carried it unmarked). */
export const offlineDraftNote = "Offline draft: an outline to write from";

/**
 * Instructions of outlines written before the marker existed, recognised by their fixed words so
 * drafts already saved cannot be published either.
 */
const unmarkedInstructions = [
  /^Offline draft: an outline to write from\b/,
  /^Introduce .+ in two or three sentences\b/,
  /^Sum up the main points about .+ and end with one clear next step for the reader\.?$/,
  /\(about \d+ words\)$/,
];

/** True for a paragraph of the offline writer's instructions (marked, or an older outline's). */
export function isOutlineInstruction(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.startsWith(outlineMarker) || unmarkedInstructions.some((rule) => rule.test(trimmed))
  );
}

/** What the text before the first heading is called when a section is named. */
export const introductionSection = "Introduction";

/**
 * The sections (by heading; "Introduction" before the first) that still hold an instruction,
 * in order, each once. Empty when the post is the owner's own text.
 */
export function unfinishedSections(html: string): string[] {
  const sections: string[] = [];
  let current = introductionSection;
  for (const block of textBlocks(html)) {
    if (block.kind === "heading") current = block.text;
    else if (isOutlineInstruction(block.text) && !sections.includes(current))
      sections.push(current);
  }
  return sections;
}

/** The sections as a reader names them: “Why This Matters”, Introduction and Conclusion. */
export function sectionList(sections: string[]): string {
  const named = sections.map((s) => (s === introductionSection ? s : `“${s}”`));
  return named.length <= 1
    ? (named[0] ?? "")
    : `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
}

/** Why a post with instructions left cannot go live, and what to do. */
export function unfinishedOutlineMessage(sections: string[]): string {
  return `This post is still an offline outline: replace the ${outlineMarker} instructions in ${sectionList(sections)} with your own text before publishing.`;
}
