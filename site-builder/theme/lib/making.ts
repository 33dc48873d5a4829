import { postDate } from "./format.ts";
import type { Site, ThemePost } from "./site.ts";

/** The post's "How this post was made" note as its sentences (decision 342). */
export type MakingNote = {
  /** "Drafted with AI (model) on date". */
  drafted: string;
  /** "3 sources", when the post cites any readers can follow. */
  sources?: string;
  /** Where its Sources list is on the page, when it has one. */
  sourcesHref?: string;
  /** Who edited or reviewed it and when it was published, or that nobody did. */
  human: string;
};

/** The Sources heading the AI writer ends a post with (api/features/research/citations.ts). */
const sourcesHeading = /<h2>(\s*Sources:?\s*)<\/h2>/i;

/**
 * The note for an AI-assisted post: shown while the blog's AI disclosure switch is on
 * (decision 057), and always for a post automation published with no person involved — a
 * switch may hide a note about text a person edited or reviewed, never about text nobody read.
 */
export function makingNote(site: Site, post: ThemePost): MakingNote | undefined {
  if (!post.aiAssisted) return undefined;
  const { making } = post;
  const unattended = making?.human === "none";
  if (!site.blog.aiDisclosure && !unattended) return undefined;
  const date = (d: Date) => postDate(d, site.blog.timeZone);
  const published = date(post.publishedAt);
  const name = (post.author ?? site.blog.author).name;
  // The person who approved it in the review queue, when one did (decision 371).
  const reviewer = post.reviewer?.name;
  if (!making) {
    // A post read without how it was made (not from a snapshot): only what is known.
    return { drafted: "Drafted with AI", human: `Published by ${name} on ${published}.` };
  }
  const drafted = `${making.model ? `Drafted with AI (${making.model})` : "Drafted with an AI model"} on ${date(making.draftedAt)}`;
  const human =
    making.human === "edited"
      ? reviewer && reviewer !== name
        ? `Edited by ${name}, reviewed by ${reviewer} and published on ${published}.`
        : `Edited by ${name} and published on ${published}.`
      : making.human === "reviewed"
        ? `Reviewed by ${reviewer ?? name} and published on ${published}.`
        : `Published automatically on ${published}, without human edit.`;
  const cited = post.citations?.length ?? 0;
  if (cited === 0) return { drafted, human };
  const sources = `${cited} ${cited === 1 ? "source" : "sources"}`;
  const listed = /\sid="sources"/.test(post.html) || sourcesHeading.test(post.html);
  return { drafted, sources, ...(listed ? { sourcesHref: "#sources" } : {}), human };
}

/** The post's HTML with its Sources heading as the note's link target. */
export function withSourcesAnchor(html: string): string {
  if (/\sid="sources"/.test(html)) return html;
  return html.replace(sourcesHeading, '<h2 id="sources">$1</h2>');
}
