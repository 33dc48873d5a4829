import { type GeneratePostInput, lengthWords } from "../../contracts/ai.ts";
import { offlineDraftNote, outlineMarker } from "../../contracts/offline-outline.ts";
import { slugify } from "../../contracts/slug.ts";

const toneNotes: Record<GeneratePostInput["tone"], string> = {
  professional: "Keep it precise and evidence-led; cite sources and numbers where you can.",
  casual: "Write as you would talk to a friend: short sentences, first person, a little humour.",
  technical:
    "Go deep: name the exact tools, settings and steps; add code or figures where they help.",
  friendly: "Warm and encouraging: address the reader directly and keep jargon out.",
};

/** Words a headline keeps in lower case unless they start it (the usual title-case rule). */
const minorWords = new Set(
  "a an and as at but by for from in into nor of on or the to vs via with".split(" "),
);

const titleCase = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .map((word, i) =>
      i > 0 && minorWords.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.replace(
            /(^|-)(\p{Ll})/gu,
            (_, lead: string, letter: string) => lead + letter.toUpperCase(),
          ),
    )
    .join(" ");

/** The topic before a colon: a question mark or full stop at its end would read twice. */
const beforeColon = (text: string) => text.replace(/[\s.?!:;,]+$/u, "");

/** Words that open a search for a task, a question or a ranking, not for the thing itself. */
const searchIntent =
  /^(?:how (?:to|do (?:i|you)|can (?:i|you))(?: \p{L}+)?|what (?:is|are)|why (?:do|does|is|are)|which|best|top(?: \d+)?|the)\s+/u;

/**
 * Keywords as a reader would type them: the topic itself, and the thing it is about when the
 * topic opens with a task or a ranking ("how to choose trail shoes" → "trail shoes"). Nothing is
 * bolted on ("how to …", "… guide"): a phrase made by rule reads as a rule, not as a search.
 */
export function offlineKeywords(
  topic: string,
  extra: (string | null | undefined)[] = [],
): string[] {
  const phrase = beforeColon(topic.replace(/\s+/g, " ").trim().toLowerCase());
  const subject = phrase.replace(searchIntent, "");
  const candidates = [phrase, subject.split(" ").length >= 2 ? subject : "", ...extra];
  return candidates
    .map((k) => (k ?? "").replace(/\s+/g, " ").trim().toLowerCase())
    .filter((k, i, all) => k.length > 0 && k.length <= 100 && all.indexOf(k) === i);
}

/** An instruction paragraph: marked, so it is never taken for the post's own text. */
function instruction(text: string): string {
  return `<p><strong>${outlineMarker}</strong> ${escapeHtml(text)}</p>`;
}

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
  const subject = beforeColon(titleCase(topic));
  const audience = context.niche ? `${context.niche} readers` : "your readers";
  const words = lengthWords[input.length];
  const sections = input.length === "short" ? 3 : input.length === "medium" ? 5 : 7;
  // Headings that read well whatever the topic's shape ("How to …", a question, a plural).
  const headings = [
    "Why This Matters",
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
    `<p><em>${offlineDraftNote}, made without an AI model. Replace every paragraph marked ${outlineMarker} with your own text and delete this note: the post cannot be published while one remains. Set OPENAI_API_KEY (and OPENAI_BASE_URL for other providers) to generate full posts.</em></p>`,
    instruction(
      `Introduce the topic “${topic}” in two or three sentences${input.category ? ` for the ${input.category} section` : ""}. ${toneNotes[input.tone]} Aim for about ${words} words in all.`,
    ),
    ...headings.map(
      (heading, i) =>
        `<h2>${escapeHtml(heading)}</h2>\n${instruction(`${guidance[i] ?? ""} (about ${perSection} words)`)}`,
    ),
    "<h2>Conclusion</h2>",
    instruction(
      `Sum up the main points about “${topic}” and end with one clear next step for the reader.`,
    ),
  ].join("\n");
  const keywords = offlineKeywords(topic, [input.category, context.niche]);
  return {
    title: clip(`${subject}: A Practical Guide`, 200),
    content,
    metaTitle: clip(`${subject}: A Practical Guide`, 60),
    metaDescription: clip(
      `Everything ${audience} need to know about “${beforeColon(topic)}”: the essentials, step-by-step advice, common mistakes and the best tools.`,
      160,
    ),
    suggestedKeywords: keywords.slice(0, 6),
    slug: slugify(topic).slice(0, 80).replace(/-+$/, "") || "post",
    source: "offline" as const,
  };
}
