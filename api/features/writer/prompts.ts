import type { GeneratePostInput } from "../../../contracts/ai.ts";
import type { OutlineSection, PostBrief, PostOutline } from "../../../contracts/generation.ts";
import type { ResearchSource } from "../../../contracts/research.ts";
import { z } from "../../../contracts/zod.ts";
import { untrusted, untrustedList } from "../../ai/untrusted.ts";
import type { WriterVoice } from "../voice/service.ts";

/**
 * The AI writer's prompts (decision 334), one per step. Everything from outside the product
 * (topic, category, notes, fetched pages, the voice, earlier model output) is fenced with
 * `untrusted()`; the instructions are the product's own words.
 */

/** What every step knows of the post it works on. */
export type WritingContext = {
  input: Pick<GeneratePostInput, "topic" | "category" | "tone" | "length">;
  targetWords: number;
  blogName: string | null;
  niche: string | null;
  voice: WriterVoice;
};

/** The rule about experience and facts, in every step's system message. */
const honesty =
  "Never invent first-hand experience, tests, interviews, statistics, prices, dates or quotes. " +
  "Say 'we' or 'I' tried something only when an owner's note in the sources says so. " +
  "Anything specific that is not common knowledge must come from a numbered source and be cited.";

const htmlRule =
  "HTML uses only p, h3, ul, ol, li, a, strong, em, blockquote, table, thead, tbody, tr, th, td, code and pre; no h1 or h2 (the product adds those), no images, no scripts, no styles.";

export function systemFor(context: WritingContext, role: string): string {
  return [
    `You are ${role} for ${context.blogName ? "the blog named in the data" : "a blog"}. Answer only with JSON matching the schema.`,
    honesty,
    `Tone: ${context.input.tone}.`,
  ].join(" ");
}

/** The blog, its voice and the topic, as fenced data. */
export function aboutBlock(context: WritingContext): string[] {
  const { voice } = context;
  const style = [
    voice.tone ? `Tone: ${voice.tone}` : "",
    voice.readingLevel ? `Reading level: ${voice.readingLevel}` : "",
    voice.wordsToUse.length ? `Words to use: ${voice.wordsToUse.join(", ")}` : "",
    voice.wordsToAvoid.length ? `Words to avoid: ${voice.wordsToAvoid.join(", ")}` : "",
  ].filter(Boolean);
  const persona = voice.persona
    ? [
        `Name: ${voice.persona.name}`,
        voice.persona.credentials ? `Credentials: ${voice.persona.credentials}` : "",
        voice.persona.bio ? `Bio: ${voice.persona.bio}` : "",
      ]
        .filter(Boolean)
        .join("\n")
    : "";
  return [
    untrusted("topic", context.input.topic),
    context.input.category ? untrusted("category", context.input.category) : "",
    context.blogName ? untrusted("blog name", context.blogName) : "",
    context.niche ? untrusted("blog niche", context.niche) : "",
    persona
      ? `The post appears under this author's name; write in their voice, without claiming experience the sources do not show:\n${untrusted("author persona", persona)}`
      : "",
    style.length
      ? `Follow the blog's style guide:\n${untrusted("style guide", style.join("\n"))}`
      : "",
    ...voice.examples.map(
      (example, i) =>
        `Example post ${i + 1} of the blog (match its voice, not its topic):\n${untrusted("example post", `${example.title}\n\n${example.text}`)}`,
    ),
  ];
}

export function sourcesBlock(sources: ResearchSource[], detailed?: ReadonlySet<number>): string {
  if (sources.length === 0)
    return (
      "There are no sources for this post. Do not state statistics, figures, prices, study results or quotes, " +
      "and cite nothing; write from general knowledge and tell readers what to check for themselves."
    );
  const listed = sources.map((source) => {
    const head = `[${source.n}] ${source.kind === "owner-note" ? "Owner's first-hand note" : source.title}${source.url ? ` (${source.url})` : ""}`;
    const full = !detailed || detailed.has(source.n);
    return untrusted("source", full ? `${head}\n${source.text}` : head);
  });
  return [
    "Numbered sources (cite a source as [n] right after the sentence that uses it; cite only these numbers, " +
      "and only for what the source says):",
    ...listed,
  ].join("\n");
}

export const briefAnswer = z.object({
  intent: z.string(),
  audience: z.string(),
  angle: z.string(),
  questions: z.array(z.string()),
  faq: z.boolean(),
  searchQueries: z.array(z.string()),
  keywords: z.array(z.string()),
});

export function briefPrompt(context: WritingContext) {
  return {
    name: "post_brief",
    system: systemFor(context, "an editor who plans posts"),
    user: [
      "Plan a blog post on the topic below: the search intent, who reads it, the angle that makes it useful, " +
        "3 to 8 questions a reader comes with (the post must answer each), whether those questions call for an FAQ " +
        "at the end (several short separate questions), 1 to 3 web search queries to research it, and up to 8 keywords.",
      ...aboutBlock(context),
      `Length: about ${context.targetWords} words.`,
    ],
    unusable: "The AI provider's answer was not a usable brief. Try again.",
  };
}

export const outlineAnswer = z.object({
  title: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      subheadings: z.array(z.string()),
      covers: z.string(),
      sources: z.array(z.number()),
      words: z.number(),
    }),
  ),
});

export function outlinePrompt(
  context: WritingContext,
  brief: PostBrief,
  sources: ResearchSource[],
  bodyWords: number,
  sectionCount: number,
) {
  return {
    name: "post_outline",
    system: systemFor(context, "an editor who outlines posts"),
    user: [
      `Outline the post: a title, then ${sectionCount} sections (H2), each with 0 to 3 subheadings (H3), ` +
        "what the section must cover, the numbers of the sources it draws on, and its length in words. " +
        `The sections together come to about ${bodyWords} words (an introduction, a conclusion and any FAQ are written separately). ` +
        "Between them the sections answer every question of the brief.",
      ...aboutBlock(context),
      untrusted("brief", briefText(brief)),
      sourcesBlock(
        sources,
        new Set(), // titles only: the outline needs to know what each source is about
      ),
    ],
    unusable: "The AI provider's answer was not a usable outline. Try again.",
  };
}

export const sectionAnswer = z.object({ html: z.string().min(1) });

/** What came before a section: the previous one in full, earlier ones by heading and opening. */
export type WrittenSection = { heading: string; html: string; text: string };

export function sectionPrompt(
  context: WritingContext,
  brief: PostBrief,
  outline: PostOutline,
  index: number,
  words: number,
  sources: ResearchSource[],
  written: WrittenSection[],
) {
  const section = outline.sections[index] as OutlineSection;
  const earlier = written.slice(0, -1).map((s) => `${s.heading}: ${s.text.slice(0, 300)}`);
  const previous = written.at(-1);
  return {
    name: "post_section",
    system: `${systemFor(context, "a writer")} ${htmlRule}`,
    user: [
      `Write section ${index + 1} of ${outline.sections.length} of the post: about ${words} words of HTML under its heading ` +
        "(the heading itself is added by the product). Use the subheadings as h3. Do not repeat what earlier sections said; " +
        "do not write an introduction or a conclusion for the whole post.",
      ...aboutBlock(context),
      untrusted("brief", briefText(brief)),
      untrusted(
        "outline",
        outline.sections
          .map(
            (s, i) =>
              `${i + 1}. ${s.heading}${s.subheadings.length ? ` (${s.subheadings.join("; ")})` : ""}: ${s.covers}`,
          )
          .join("\n"),
      ),
      untrusted(
        "this section",
        `Heading: ${section.heading}\nSubheadings: ${section.subheadings.join("; ") || "none"}\nMust cover: ${section.covers}`,
      ),
      earlier.length ? untrustedList("earlier sections", earlier) : "",
      previous ? untrusted("previous section", `${previous.heading}\n${previous.text}`) : "",
      sourcesBlock(sources, new Set(section.sources)),
    ],
    unusable: "The AI provider's answer was not a usable section. Try again.",
  };
}

export const assemblyAnswer = z.object({
  intro: z.string().min(1),
  conclusion: z.string().min(1),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  metaTitle: z.string(),
  metaDescription: z.string(),
  keywords: z.array(z.string()),
  slug: z.string(),
});

export function assemblyPrompt(
  context: WritingContext,
  brief: PostBrief,
  outline: PostOutline,
  written: WrittenSection[],
  words: { intro: number; conclusion: number; faq: number },
  sources: ResearchSource[],
) {
  return {
    name: "post_assembly",
    system: `${systemFor(context, "an editor who finishes posts")} ${htmlRule}`,
    user: [
      `Finish the post: an introduction of about ${words.intro} words (HTML paragraphs, saying what the reader gets), ` +
        `a conclusion of about ${words.conclusion} words (HTML, the practical takeaway), ` +
        (words.faq > 0
          ? `an FAQ of 3 to 5 short questions the sections leave open, each answered in 2-3 sentences (about ${words.faq} words in all; plain text answers), `
          : "no FAQ (an empty list), ") +
        "a meta title of at most 60 characters, a meta description of at most 160, up to 8 keywords and a URL slug.",
      ...aboutBlock(context),
      untrusted("brief", briefText(brief)),
      untrusted("title", outline.title),
      untrusted("post so far", written.map((s) => `${s.heading}\n${s.text}`).join("\n\n")),
      sourcesBlock(sources, new Set()),
    ],
    unusable: "The AI provider's answer was not a usable introduction and conclusion. Try again.",
  };
}

export const revisionAnswer = z.object({
  changes: z.array(z.object({ part: z.number(), html: z.string().min(1) })),
  notes: z.string(),
});

/** A part of the draft the revision may rewrite: 0 the introduction, then the sections, then the conclusion. */
export type DraftPart = { label: string; html: string; words: number; target: number };

export function revisionPrompt(
  context: WritingContext,
  brief: PostBrief,
  parts: DraftPart[],
  findings: string[],
  sources: ResearchSource[],
) {
  return {
    name: "post_revision",
    system: `${systemFor(context, "an editor who revises posts against their brief")} ${htmlRule}`,
    user: [
      "Revise the draft against the brief. Rewrite only the parts that need it (each change gives the part's number and its whole new HTML); " +
        "keep every [n] citation that stays true, add none that the sources do not support, keep the meaning of what is right. " +
        "Fix each finding below; then say in notes what you changed.",
      ...aboutBlock(context),
      untrusted("brief", briefText(brief)),
      findings.length
        ? `Findings:\n- ${findings.join("\n- ")}`
        : "Findings: none beyond your own reading.",
      untrusted(
        "draft",
        parts
          .map(
            (part, i) =>
              `Part ${i}: ${part.label} (${part.words} words, target ${part.target})\n${part.html}`,
          )
          .join("\n\n"),
      ),
      sourcesBlock(sources, new Set()),
    ],
    unusable: "The AI provider's answer was not a usable revision. Try again.",
  };
}

export function briefText(brief: PostBrief): string {
  return [
    `Intent: ${brief.intent}`,
    `Audience: ${brief.audience}`,
    brief.angle ? `Angle: ${brief.angle}` : "",
    `Questions to answer:\n${brief.questions.map((q) => `- ${q}`).join("\n")}`,
  ]
    .filter(Boolean)
    .join("\n");
}
