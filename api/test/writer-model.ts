import type { z } from "../../contracts/zod.ts";
import { AiFailed, type AiProvider, type StructuredRequest } from "../ai/provider.ts";
import { offlineProvider, plainSentences } from "./ai.ts";

/**
 * How the test OpenAI-compatible server answers the AI writer's steps (issue 31): like a model
 * that follows the prompt. It reads what the product asked (the word counts, the number of
 * sections, the numbered sources, the revision's findings) and answers in the schema, writing
 * sentences from the sources with their `[n]`, so lengths, citations and revisions can be
 * checked end to end. Deterministic: the same prompt gets the same answer.
 */

type Request = { messages?: { role: string; content: unknown }[] };

export const userText = (body: Request) =>
  (body.messages ?? [])
    .filter((m) => m.role === "user")
    .map((m) => (typeof m.content === "string" ? m.content : ""))
    .join("\n");

/** The text inside each fence of `label`. */
function fenced(prompt: string, label: string): string[] {
  const out: string[] = [];
  const pattern = new RegExp(
    `<untrusted label="${label}" fence="([0-9a-f]+)">\\n([\\s\\S]*?)\\n</untrusted fence="\\1">`,
    "g",
  );
  for (const match of prompt.matchAll(pattern)) out.push(match[2] ?? "");
  return out;
}

type Source = { n: number; title: string; sentences: string[] };

function sourcesOf(prompt: string): Source[] {
  return fenced(prompt, "source").flatMap((text) => {
    const head = /^\[(\d+)\] ([^\n]*)/.exec(text);
    if (!head) return [];
    const body = text.slice(head[0].length).trim();
    const sentences = body
      .split(/(?<=[.!?])\s+/)
      .map((s) => s.trim())
      .filter((s) => s.split(/\s+/).length >= 6 && s.split(/\s+/).length <= 40);
    return [{ n: Number(head[1]), title: head[2] ?? "", sentences }];
  });
}

const topicOf = (prompt: string) => fenced(prompt, "topic")[0]?.trim() ?? "the topic";

/** About `words` words of paragraphs on `topic`, with sentences of the sources cited. */
function paragraphs(topic: string, words: number, sources: Source[], seed: number): string {
  const sentences: string[] = [];
  const plain = plainSentences(`${topic} ${seed}`);
  let count = 0;
  let i = seed;
  let cited = 0;
  while (count < words) {
    const source = sources.length ? sources[i % sources.length] : undefined;
    const quoted = source?.sentences[(seed + cited) % Math.max(1, source.sentences.length)];
    let sentence: string;
    if (source && quoted && i % 3 === 0) {
      sentence = `${quoted.replace(/[.!?]$/, "")} [${source.n}].`;
      cited++;
    } else sentence = plain();
    sentences.push(sentence);
    count += sentence.split(/\s+/).length;
    i++;
  }
  const out: string[] = [];
  for (let p = 0; p < sentences.length; p += 3)
    out.push(`<p>${sentences.slice(p, p + 3).join(" ")}</p>`);
  return out.join("\n");
}

const wordsAsked = (prompt: string, pattern: RegExp, fallback: number) =>
  Number(pattern.exec(prompt)?.[1] ?? fallback);

export function writerAnswer(schemaName: string, body: Request): unknown {
  const prompt = userText(body);
  const topic = topicOf(prompt);
  const sources = sourcesOf(prompt);
  switch (schemaName) {
    case "post_brief":
      return {
        intent: `Learn how to handle ${topic.toLowerCase()} well`,
        audience: "Beginners with little time",
        angle: "Practical steps from the sources",
        questions: [
          `What is ${topic.toLowerCase()}?`,
          `How do you start with ${topic.toLowerCase()}?`,
        ],
        faq: true,
        searchQueries: [topic],
        keywords: [topic.toLowerCase()],
      };
    case "post_outline": {
      const count = wordsAsked(prompt, /then (\d+) sections/, 4);
      const total = wordsAsked(prompt, /come to about (\d+) words/, 1000);
      const numbers = sources.map((s) => s.n);
      return {
        title: `${topic}: A Practical Guide`,
        sections: Array.from({ length: count }, (_, i) => ({
          heading:
            i === 0
              ? `What is ${topic.toLowerCase()}`
              : `How to start with ${topic.toLowerCase()}, part ${i}`,
          subheadings: i % 2 === 1 ? [`First steps ${i}`] : [],
          covers: `Part ${i + 1} of the topic`,
          sources: numbers.length ? [numbers[i % numbers.length] as number] : [],
          words: Math.round(total / count),
        })),
      };
    }
    case "post_section": {
      const words = wordsAsked(prompt, /about (\d+) words of HTML/, 250);
      const index = wordsAsked(prompt, /Write section (\d+) of/, 1);
      // Cites the sources the section was given in full (the others come as titles only).
      const given = sources.filter((s) => s.sentences.length > 0);
      return { html: paragraphs(topic, words, given, index * 7) };
    }
    case "post_assembly": {
      const intro = wordsAsked(prompt, /an introduction of about (\d+) words/, 100);
      const conclusion = wordsAsked(prompt, /a conclusion of about (\d+) words/, 100);
      const wantsFaq = /an FAQ of 3 to 5/.test(prompt);
      return {
        intro: `<p>This is a guide to ${topic.toLowerCase()}.</p>\n${paragraphs(topic, intro - 6, [], 1)}`,
        conclusion: paragraphs(topic, conclusion, [], 4),
        faq: wantsFaq
          ? [1, 2, 3].map((i) => ({
              question: `How long does ${topic.toLowerCase()} take, case ${i}?`,
              answer: `It depends on the setup; most people see a difference within a few weeks. Start small and check often.`,
            }))
          : [],
        metaTitle: `${topic}: A Practical Guide`,
        metaDescription: `How to start with ${topic.toLowerCase()}: the basics, first steps and what to check, from the sources.`,
        keywords: [topic.toLowerCase(), "guide"],
        slug: topic.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      };
    }
    case "post_revision": {
      const draft = fenced(prompt, "draft")[0] ?? "";
      const changes: { part: number; html: string }[] = [];
      for (const match of prompt.matchAll(
        /(Lengthen|Shorten) part (\d+) \([^)]*\) from (\d+) to about (\d+) words/g,
      )) {
        const part = Number(match[2]);
        const target = Number(match[4]);
        const current =
          new RegExp(`Part ${part}: [^\\n]*\\n([\\s\\S]*?)(?=\\n\\nPart \\d+: |$)`).exec(
            draft,
          )?.[1] ?? "";
        const have = Number(match[3]);
        changes.push({
          part,
          html:
            match[1] === "Lengthen"
              ? `${current}\n${paragraphs(topic, Math.max(20, target - have), sources, part * 5)}`
              : paragraphs(topic, target, sources, part * 5),
        });
      }
      return {
        changes,
        notes: changes.length ? "Adjusted the length of some parts." : "No changes needed.",
      };
    }
    case "post_review":
      // A reviewer content with the draft: the scripted writer writes plain, cited prose.
      return {
        unsupportedClaims: [],
        inventedExperience: [],
        filler: [],
        helpfulness: 8,
        fixes: [],
      };
    default:
      return undefined;
  }
}

/**
 * A configured model that answers the AI writer's steps in process, as the test server does;
 * `fail` makes a step's call fail as a provider's would.
 */
export function scriptedWriter(
  options: {
    usage?: { promptTokens: number; completionTokens: number };
    /** True (or the provider's message) to fail the call. */
    fail?: (request: StructuredRequest<z.ZodType>) => boolean | string;
  } = {},
): AiProvider {
  const usage = options.usage ?? { promptTokens: 100, completionTokens: 900 };
  return {
    ...offlineProvider,
    configured: true,
    model: "test-model",
    structured: async (request) => {
      const failed = options.fail?.(request);
      if (failed) throw AiFailed(failed === true ? "The AI provider failed. Try again." : failed);
      const answer = writerAnswer(request.name, {
        messages: [{ role: "user", content: request.user.filter(Boolean).join("\n") }],
      });
      return { data: request.schema.parse(answer), usage: { model: "test-model", ...usage } };
    },
  };
}
