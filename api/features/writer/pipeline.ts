import { type GeneratePostInput, lengthWords } from "../../../contracts/ai.ts";
import { clipAtWord, htmlToText } from "../../../contracts/content-text.ts";
import type {
  GeneratedImage,
  GenerationInput,
  GenerationProgress,
  GenerationResult,
  GenerationStep,
  InsertedInternalLink,
  PostBrief,
  PostOutline,
  PostSource,
} from "../../../contracts/generation.ts";
import { postBrief, postOutline } from "../../../contracts/generation.ts";
import type { OwnerMaterial, ResearchSource } from "../../../contracts/research.ts";
import { slugify } from "../../../contracts/slug.ts";
import type { z } from "../../../contracts/zod.ts";
import { type AiCaller, type AiGate, isAiRefusal } from "../../ai/gate.ts";
import { writeOfflineDraft } from "../../ai/offline-writer.ts";
import type { StructuredRequest } from "../../ai/provider.ts";
import type { stepsOf } from "../../jobs/steps.ts";
import type { Logger } from "../../logger.ts";
import { insertInternalLinks } from "../internal-links/insert.ts";
import { type InternalLinkDeps, suggestInternalLinks } from "../internal-links/service.ts";
import type { FeatureImageInput } from "../media/feature-image.ts";
import { linkCitations } from "../research/citations.ts";
import type { Research } from "../research/research.ts";
import type { GatheredSources } from "../research/sources.ts";
import type { WriterVoice } from "../voice/service.ts";
import {
  assemble,
  type Draft,
  findingsFor,
  fitOutline,
  partsOf,
  planWords,
  sectionBody,
  sectionCountFor,
  withinLength,
  withPart,
  wordCount,
} from "./draft.ts";
import {
  assemblyAnswer,
  assemblyPrompt,
  briefAnswer,
  briefPrompt,
  outlineAnswer,
  outlinePrompt,
  revisionAnswer,
  revisionPrompt,
  sectionAnswer,
  sectionPrompt,
  type WritingContext,
  type WrittenSection,
} from "./prompts.ts";

/** What the writer needs from the rest of the product (the composition root builds it). */
export type PipelineDeps = {
  ai: AiGate;
  research: Research;
  links: InternalLinkDeps;
  sanitize: (html: string) => string;
  /** The post's feature image: the blog's library first, else a generated one; none without. */
  featureImage?: (input: FeatureImageInput) => Promise<GeneratedImage | null>;
  logger?: Logger;
  /** Waits out a per-minute rate limit (tests pass a shorter one). */
  sleep?: (ms: number) => Promise<void>;
};

/** One run of the pipeline: who it is for, where its steps are stored, how it reports. */
export type PipelineRun = {
  caller: AiCaller;
  blog: {
    id: string;
    name: string;
    niche: string | null;
    /** The blog's own origins (its subdomain and custom domain): links there stay. */
    origins: string[];
    categories: { id: string; name: string }[];
  } | null;
  /** The post written into, when it exists already: never linked to itself. */
  postId: string | null;
  input: GenerationInput;
  /** The owner's material for the topic (automation's topic details). */
  topicMaterial?: Partial<OwnerMaterial>;
  voice: WriterVoice;
  steps: ReturnType<typeof stepsOf>;
  report: (progress: Partial<GenerationProgress>) => Promise<void>;
  /** Throws when the owner cancelled (checked between steps). */
  checkCancelled: () => Promise<void>;
  signal?: AbortSignal;
};

/** The longest a step waits for a per-minute rate limit before it tries again. */
const maxRateWaitMs = 65_000;

/**
 * The AI writer (issue 31, decision 334): brief → research → outline → sections → assembly →
 * revision → citations and internal links → feature image, each step's result stored under the
 * run, so a run tried again after a crash goes on from the first step without one. Without a
 * model the offline writer drafts the post, and the links and image steps still run.
 */
export async function writePost(deps: PipelineDeps, run: PipelineRun): Promise<GenerationResult> {
  const done: GenerationStep[] = [];
  const step = async <T>(name: GenerationStep, key: string, work: () => Promise<T>) => {
    await run.checkCancelled();
    await run.report({ step: name, done: [...done], waiting: null });
    const result = await run.steps.run(key, work);
    return result;
  };
  const finished = (name: GenerationStep) => {
    if (!done.includes(name)) done.push(name);
  };

  const targetWords = lengthWords[run.input.length];
  const context: WritingContext = {
    input: run.input,
    targetWords,
    blogName: run.blog?.name ?? null,
    niche: run.blog?.niche ?? null,
    voice: run.voice,
  };
  const category = categoryOf(run);

  if (!deps.ai.configured) {
    const offline = writeOfflineDraft(run.input as GeneratePostInput, { niche: context.niche });
    const draftHtml = deps.sanitize(offline.content);
    const linked = await step("links", "links", () =>
      linkStep(deps, run, draftHtml, { sources: [], failures: [] }),
    );
    finished("links");
    const image = await step("image", "image", () =>
      imageStep(deps, run, offline.title, offline.suggestedKeywords, offline.metaDescription),
    );
    finished("image");
    await run.report({ step: null, done: [...done] });
    return {
      title: offline.title,
      content: linked.html,
      metaTitle: offline.metaTitle,
      metaDescription: offline.metaDescription,
      suggestedKeywords: offline.suggestedKeywords,
      slug: offline.slug,
      source: "offline",
      categoryId: category,
      words: wordCount(linked.html),
      targetWords,
      sources: [],
      citations: [],
      sourceFailures: [],
      internalLinks: linked.internalLinks,
      removedLinks: linked.removedLinks,
      featureImage: image,
      withoutSources: true,
    };
  }

  const ask = <S extends z.ZodType>(
    request: Omit<StructuredRequest<S>, "schema">,
    schema: S,
    expectWords: number,
    temperature: number,
  ) => {
    const promptChars = request.system.length + request.user.join("\n").length;
    const maxTokens = Math.min(16_000, Math.ceil(expectWords * 2.2) + 600);
    return structuredWithWaits(deps, run, {
      request: { ...request, schema, maxTokens, temperature },
      estimate: Math.ceil(promptChars / 4) + maxTokens,
    });
  };

  // 1. Brief: intent, audience, questions to answer, what to search for.
  const brief = await step("brief", "brief", async () =>
    postBrief.parse(normalizeBrief(await ask(briefPrompt(context), briefAnswer, 300, 0.3), run)),
  );
  finished("brief");

  // 2. Research: the owner's pages and notes (post, topic, blog), then search results.
  const research = await step("research", "research", async () => {
    const search = await searchFor(deps, brief, run.input.topic);
    return deps.research.gatherSources({
      owner: {
        post: run.input.sources ?? {},
        topic: run.topicMaterial ?? {},
        blog: run.voice.material,
      },
      search,
    });
  });
  const sources = research.sources;
  await run.report({
    sources: sources.map((s) => ({ n: s.n, title: s.title, url: s.finalUrl ?? s.url })),
    sourceFailures: research.failures.length,
  });
  finished("research");

  // 3. Outline: H2/H3 with what each must cover, its sources and its words.
  const plan = planWords(targetWords, brief.faq);
  const outline = await step("outline", "outline", async () =>
    fitOutline(
      postOutline.parse(
        await ask(
          outlinePrompt(context, brief, sources, plan.body, sectionCountFor(plan.body)),
          outlineAnswer,
          400,
          0.4,
        ),
      ),
      plan.body,
      sources.length,
    ),
  );
  await run.report({
    outline: outline.sections.map((s) => ({ heading: s.heading, subheadings: s.subheadings })),
  });
  finished("outline");

  // 4. Sections, each with the outline and what came before it.
  const written: WrittenSection[] = [];
  for (const [index, section] of outline.sections.entries()) {
    const html = await step("sections", `section-${index}`, async () => {
      const answer = await ask(
        sectionPrompt(context, brief, outline, index, section.words, sources, written),
        sectionAnswer,
        section.words,
        0.7,
      );
      return sectionBody(answer.html, deps.sanitize);
    });
    written.push({ heading: section.heading, html, text: htmlToText(html) });
    await run.report({ sectionsWritten: written.length });
  }
  finished("sections");

  // 5. Introduction, conclusion, the FAQ where the questions call for one, meta fields.
  const assembly = await step("assembly", "assembly", async () => {
    const answer = await ask(
      assemblyPrompt(context, brief, outline, written, plan, sources),
      assemblyAnswer,
      plan.intro + plan.conclusion + plan.faq + 120,
      0.6,
    );
    return {
      ...answer,
      intro: sectionBody(answer.intro, deps.sanitize),
      conclusion: sectionBody(answer.conclusion, deps.sanitize),
      faq: brief.faq
        ? answer.faq
            .map((f) => ({ question: f.question.trim(), answer: f.answer.trim() }))
            .filter((f) => f.question && f.answer)
            .slice(0, 6)
        : [],
    };
  });
  finished("assembly");

  // 6. Revision against the brief: the length, unanswered questions, words to avoid; a
  // second round only for a length still outside the tolerance.
  let draft: Draft = {
    intro: assembly.intro,
    sections: written.map((s) => ({ heading: s.heading, html: s.html })),
    faq: assembly.faq,
    conclusion: assembly.conclusion,
  };
  for (const round of [1, 2]) {
    if (round === 2 && withinLength(wordCount(assemble(draft)), targetWords)) break;
    const current = draft;
    const changes = await step("revision", `revision-${round}`, async () => {
      const parts = partsOf(current, plan, outline);
      const { findings, lengthOff } = findingsFor(
        current,
        parts,
        brief,
        targetWords,
        run.voice.wordsToAvoid,
      );
      // The first round always reads the draft against the brief; the second only fixes length.
      if (round === 2 && !lengthOff) return [];
      const answer = await ask(
        revisionPrompt(context, brief, parts, findings, sources),
        revisionAnswer,
        Math.min(
          targetWords,
          parts.reduce((sum, p) => sum + p.target, 0),
        ),
        0.4,
      );
      return answer.changes.map((c) => ({
        part: c.part,
        html: sectionBody(c.html, deps.sanitize),
      }));
    });
    for (const change of changes) draft = withPart(draft, change.part, change.html);
  }
  finished("revision");

  // 7. Citations as links readers can follow, outside links that are no source removed, and
  // links to the blog's own published posts.
  const body = assemble(draft);
  const words = wordCount(body);
  const linked = await step("links", "links", () => linkStep(deps, run, body, research));
  finished("links");

  const title = clipAtWord(outline.title, 200);
  const keywords = uniqueKeywords([...assembly.keywords, ...brief.keywords]);
  const metaDescription = clipAtWord(assembly.metaDescription, 160, true);
  // 8. The feature image.
  const image = await step("image", "image", () =>
    imageStep(deps, run, title, keywords, metaDescription),
  );
  finished("image");
  await run.report({ step: null, done: [...done] });

  return {
    title,
    content: linked.html,
    metaTitle: clipAtWord(assembly.metaTitle, 60),
    metaDescription,
    suggestedKeywords: keywords,
    slug: slugify(assembly.slug || title),
    source: "ai",
    categoryId: category,
    words,
    targetWords,
    sources: linked.sources,
    citations: linked.citations,
    sourceFailures: research.failures,
    internalLinks: linked.internalLinks,
    removedLinks: linked.removedLinks,
    featureImage: image,
    withoutSources: sources.length === 0,
  };
}

/** The category asked for, when it is one of the blog's (by name, any case). */
function categoryOf(run: PipelineRun): string | null {
  const asked = run.input.category?.trim().toLowerCase();
  if (!asked || !run.blog) return null;
  return run.blog.categories.find((c) => c.name.trim().toLowerCase() === asked)?.id ?? null;
}

const uniqueKeywords = (keywords: string[]) => {
  const seen = new Set<string>();
  return keywords
    .map((k) => k.trim())
    .filter((k) => k && k.length <= 100 && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()))
    .slice(0, 10);
};

/** A brief as the schema takes it: models overshoot list lengths now and then. */
function normalizeBrief(answer: z.infer<typeof briefAnswer>, run: PipelineRun): PostBrief {
  const clean = (items: string[], max: number) =>
    items
      .map((i) => i.trim())
      .filter(Boolean)
      .slice(0, max);
  const questions = clean(answer.questions, 8);
  const queries = clean(answer.searchQueries, 3);
  return {
    intent: answer.intent.trim() || run.input.topic,
    audience: answer.audience.trim() || "Readers of the blog",
    angle: answer.angle.trim(),
    questions: questions.length ? questions : [run.input.topic],
    faq: answer.faq,
    searchQueries: queries.length ? queries : [run.input.topic],
    keywords: clean(answer.keywords, 8),
  };
}

/** Search results for the brief's first query (and the next ones while few came back). */
async function searchFor(deps: PipelineDeps, brief: PostBrief, topic: string) {
  const provider = deps.research.search;
  if (!provider) return [];
  const results = [];
  for (const query of [...brief.searchQueries, topic]) {
    try {
      results.push(...(await provider.search(query)));
    } catch (error) {
      deps.logger?.warn({ err: error, query }, "search failed; the writer goes on without it");
    }
    if (results.length >= 6) break;
  }
  return results;
}

/** One model call of a step, waiting out a per-minute rate limit (the allowance is not waited for). */
async function structuredWithWaits<S extends z.ZodType>(
  deps: PipelineDeps,
  run: PipelineRun,
  call: { request: StructuredRequest<S>; estimate: number },
): Promise<z.infer<S>> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (;;) {
    try {
      const { data } = await deps.ai.structured(
        run.caller,
        call.request,
        call.estimate,
        run.signal,
      );
      return data;
    } catch (error) {
      if (!(isAiRefusal(error) && error.code === "ai_rate_limited")) throw error;
      await run.report({
        waiting: "Waiting: too many AI requests this minute. The writer goes on within a minute.",
      });
      await sleep(maxRateWaitMs);
      await run.checkCancelled();
      await run.report({ waiting: null });
    }
  }
}

type LinkedPost = {
  html: string;
  sources: PostSource[];
  citations: GenerationResult["citations"];
  removedLinks: GenerationResult["removedLinks"];
  internalLinks: InsertedInternalLink[];
};

/**
 * The links of the post: `[n]` turned into links to the sources with a Sources list, other
 * outside links unwrapped, then the internal links the product suggests put in.
 */
async function linkStep(
  deps: PipelineDeps,
  run: PipelineRun,
  html: string,
  research: GatheredSources,
): Promise<LinkedPost> {
  const cited = linkCitations(html, research.sources, { internalOrigins: run.blog?.origins ?? [] });
  const numbers = new Map(cited.cited.map((c) => [c.n, c.number]));
  const sources: PostSource[] = research.sources.map((s: ResearchSource) => ({
    n: s.n,
    kind: s.kind,
    scope: s.scope,
    url: s.url,
    finalUrl: s.finalUrl,
    title: s.title,
    fetchedAt: s.fetchedAt,
    number: numbers.get(s.n) ?? null,
    text: s.text,
  }));
  let content = cited.html;
  const internalLinks: InsertedInternalLink[] = [];
  if (run.blog) {
    const { suggestions } = await suggestInternalLinks(deps.links, run.blog.id, {
      html: content,
      postId: run.postId ?? undefined,
      signal: run.signal,
    });
    const { html: withLinks, inserted } = insertInternalLinks(content, suggestions);
    content = withLinks;
    for (const link of inserted)
      internalLinks.push({
        postId: link.target.postId,
        title: link.target.title,
        href: link.target.href,
        anchorText: link.anchorText,
      });
  }
  return {
    html: content,
    sources,
    citations: cited.citations,
    removedLinks: cited.removedLinks,
    internalLinks,
  };
}

async function imageStep(
  deps: PipelineDeps,
  run: PipelineRun,
  title: string,
  keywords: string[],
  summary: string,
): Promise<GeneratedImage | null> {
  if (!run.blog || !deps.featureImage) return null;
  try {
    return await deps.featureImage({
      ownerId: run.caller.ownerId,
      blogId: run.blog.id,
      postId: run.postId,
      title,
      keywords,
      summary,
      signal: run.signal,
    });
  } catch (error) {
    // A post without an image is still a post: the owner can add one.
    if (isAiRefusal(error)) return null;
    deps.logger?.warn({ err: error }, "no feature image for a generated post");
    return null;
  }
}

export type { PostOutline };
