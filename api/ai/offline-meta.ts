import { metaLimits, type OptimizeMetaInput } from "../../contracts/ai.ts";
import { clipAtWord, containsPhrase, textBlocks, wordsOf } from "../../contracts/content-text.ts";
import { isOutlineInstruction } from "../../contracts/offline-outline.ts";

/** Splits text into sentences (ends kept). */
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…]["'”’)]*)\s+/u)
    .map((s) => s.trim())
    .filter((s) => wordsOf(s).length > 0);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The meta title: the post title, the focus keyword put in front when the title lacks it,
 * the blog's name after a short title, cut at a word within 60 characters.
 */
function offlineMetaTitle(title: string, keyword: string | undefined, blogName?: string): string {
  const max = metaLimits.title;
  let text = title.replace(/\s+/g, " ").trim();
  if (keyword && !containsPhrase(text, keyword)) text = `${capitalize(keyword)}: ${text}`;
  text = clipAtWord(text, max);
  const withBlog = blogName ? `${text} | ${blogName.trim()}` : text;
  return text.length < 50 && blogName && withBlog.length <= max ? withBlog : text;
}

/**
 * The meta description: whole sentences from the first paragraph of the post's own text on
 * (an offline outline's instructions are skipped; the first sentence with
 * the focus keyword leads when the first paragraph lacks it), filled towards 160 characters,
 * a last sentence cut at a word with '…'.
 */
function offlineMetaDescription(input: OptimizeMetaInput, keyword: string | undefined): string {
  const max = metaLimits.description;
  const paragraphs = textBlocks(input.content)
    .filter((b) => b.kind === "paragraph" || b.kind === "list-item")
    .map((b) => b.text)
    // The offline writer's note and instructions are for the owner, never a summary for readers.
    .filter((text) => !isOutlineInstruction(text));
  const sentences = paragraphs.flatMap(sentencesOf);
  if (keyword && !containsPhrase(paragraphs[0] ?? "", keyword)) {
    const index = sentences.findIndex((s) => containsPhrase(s, keyword));
    if (index > 0) sentences.unshift(...sentences.splice(index, 1));
  }
  let text = "";
  for (const sentence of sentences) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length <= max) {
      text = next;
      continue;
    }
    // Fill the rest with the start of the next sentence when that adds a useful phrase.
    const clipped = clipAtWord(next, max, true);
    if (!text || clipped.length - text.length > 25) text = clipped;
    break;
  }
  if (!text) text = clipAtWord(`${input.title.trim()}.`, max, true);
  if (keyword && !containsPhrase(text, keyword)) {
    text = clipAtWord(`${capitalize(keyword)}: ${text}`, max, true);
  }
  return text;
}

/**
 * Meta title and description without a model, the same every time for the same post: built
 * from the title, the first paragraph and the focus keyword (the first keyword), trimmed at
 * word boundaries to `metaLimits`. The dashboard labels the result an offline suggestion.
 */
export function optimizeMetaOffline(
  input: OptimizeMetaInput,
  context: { blogName?: string } = {},
): { metaTitle: string; metaDescription: string } {
  const keyword = input.keywords.map((k) => k.trim()).find((k) => wordsOf(k).length > 0);
  return {
    metaTitle: offlineMetaTitle(input.title, keyword, context.blogName),
    metaDescription: offlineMetaDescription(input, keyword),
  };
}
