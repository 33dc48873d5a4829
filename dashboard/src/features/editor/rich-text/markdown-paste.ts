/**
 * Plain text that reads as Markdown: a heading, a list, a quote, a fence, emphasis, a link.
 * Only such text is parsed as Markdown when pasted; other text pastes as typed.
 */
const markdownSigns = [
  /^#{1,6}\s+\S/m,
  /^\s{0,3}[-*+]\s+\S/m,
  /^\s{0,3}\d+[.)]\s+\S/m,
  /^>\s?\S/m,
  /^(```|~~~)/m,
  /\*\*[^*\n]+\*\*/,
  /__[^_\n]+__/,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /^\s*\|.+\|\s*$/m,
];

export function looksLikeMarkdown(text: string): boolean {
  return markdownSigns.some((sign) => sign.test(text));
}

/**
 * Whether a paste is Markdown to parse: plain text that reads as Markdown, with either no HTML
 * on the clipboard or HTML that carries no formatting of its own once cleaned (code editors such
 * as VS Code put the raw text in styled `<div>`s and `<span>`s).
 */
export function pasteAsMarkdown(text: string, cleanedHtml: string | null): boolean {
  if (!looksLikeMarkdown(text)) return false;
  if (!cleanedHtml) return true;
  return !/<(?!\/?(?:p|br)\b)[a-z]/i.test(cleanedHtml);
}
