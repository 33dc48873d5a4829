import { type GeneratePostInput, lengthWords } from "../../contracts/ai.ts";
import { slugify } from "../../contracts/slug.ts";

const toneNotes: Record<GeneratePostInput["tone"], string> = {
  professional: "Keep it precise and evidence-led; cite sources and numbers where you can.",
  casual: "Write as you would talk to a friend: short sentences, first person, a little humour.",
  technical:
    "Go deep: name the exact tools, settings and steps; add code or figures where they help.",
  friendly: "Warm and encouraging: address the reader directly and keep jargon out.",
};

const titleCase = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .replace(
      /(^|[\s-])(\p{Ll})/gu,
      (_, lead: string, letter: string) => lead + letter.toUpperCase(),
    );

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const clip = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
};

/**
 * The built-in writer for installs without an AI provider: a structured outline to write from
 * (headings with guidance, SEO fields, keywords, slug), labelled as an offline draft in the
 * text itself so it can never pass for model output.
 */
export function writeOfflineDraft(
  input: GeneratePostInput,
  context: { niche?: string | null } = {},
) {
  const topic = input.topic.replace(/\s+/g, " ").trim();
  const subject = titleCase(topic);
  const audience = context.niche ? `${context.niche} readers` : "your readers";
  const words = lengthWords[input.length];
  const sections = input.length === "short" ? 3 : input.length === "medium" ? 5 : 7;
  const headings = [
    `Why ${subject} Matters`,
    `${subject}: The Essentials`,
    "Getting Started Step by Step",
    "Common Mistakes and How to Avoid Them",
    "Tools and Resources Worth Knowing",
    "Real-World Examples",
    "Advanced Tips",
  ].slice(0, sections - 1);
  const perSection = Math.round(words / (sections + 1));
  const guidance = [
    `Explain what is at stake for ${audience} and who this post is for.`,
    "Define the key terms and the two or three ideas everything else rests on.",
    "Walk through the process in numbered steps a beginner can follow.",
    "List the mistakes you see most often, why they happen and what to do instead.",
    "Recommend tools or products you have used; say what each is good and bad at.",
    "Tell a short story or case with concrete numbers.",
    "Share what experienced readers can do next.",
  ];
  const content = [
    `<p><em>Offline draft: an outline to write from, made without an AI model. Set OPENAI_API_KEY (and OPENAI_BASE_URL for other providers) to generate full posts.</em></p>`,
    `<p>Introduce ${escapeHtml(topic)} in two or three sentences${input.category ? ` for the ${escapeHtml(input.category)} section` : ""}. ${escapeHtml(toneNotes[input.tone])} Aim for about ${words} words in all.</p>`,
    ...headings.map(
      (heading, i) =>
        `<h2>${escapeHtml(heading)}</h2>\n<p>${escapeHtml(guidance[i] ?? "")} (about ${perSection} words)</p>`,
    ),
    "<h2>Conclusion</h2>",
    `<p>Sum up the main points about ${escapeHtml(topic)} and end with one clear next step for the reader.</p>`,
  ].join("\n");
  const keywords = [
    topic.toLowerCase(),
    ...(input.category ? [input.category.toLowerCase()] : []),
    ...(context.niche ? [context.niche.toLowerCase()] : []),
    `${topic.toLowerCase()} guide`,
    `how to ${topic.toLowerCase()}`,
  ].filter((k, i, all) => k.length <= 100 && all.indexOf(k) === i);
  return {
    title: clip(`${subject}: A Practical Guide`, 200),
    content,
    metaTitle: clip(`${subject}: A Practical Guide`, 60),
    metaDescription: clip(
      `Everything ${audience} need to know about ${topic}: the essentials, step-by-step advice, common mistakes and the best tools.`,
      160,
    ),
    suggestedKeywords: keywords.slice(0, 6),
    slug: slugify(topic).slice(0, 80).replace(/-+$/, "") || "post",
    source: "offline" as const,
  };
}
