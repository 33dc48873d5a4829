import { type AiGate, type AiLimits, createAiGate } from "../ai/gate.ts";
import type { AiProvider, AiSettings } from "../ai/provider.ts";
import { createAiProvider } from "../ai/provider.ts";
import type { Database } from "../db/client.ts";

/** Limits no test reaches unless it sets its own. */
export const roomyLimits: AiLimits = {
  ownerDailyTokens: 10_000_000,
  instanceDailyTokens: 100_000_000,
  ownerCallsPerMinute: 1000,
};

/** The offline writer, as the product runs it without a key. */
export const offlineProvider: AiProvider = createAiProvider({
  apiKey: undefined,
  baseUrl: undefined,
  model: "offline-writer",
});

/**
 * A provider on a loopback OpenAI-compatible server (`startOpenAiServer`): "test-model" and no
 * retries, so a failure a test provokes shows at once; `settings` add to or replace these.
 */
export function loopbackProvider(
  server: { baseUrl: string },
  settings: Partial<AiSettings> = {},
): AiProvider {
  return createAiProvider({
    apiKey: "sk-test",
    baseUrl: server.baseUrl,
    model: "test-model",
    maxRetries: 0,
    ...settings,
  });
}

/** A gate around a test's provider (offline by default). */
export function testGate(
  db: Database,
  provider: AiProvider = offlineProvider,
  limits: Partial<AiLimits> = {},
  clock?: () => Date,
): AiGate {
  return createAiGate({ db, provider, limits: { ...roomyLimits, ...limits }, clock });
}

/** A small deterministic generator (mulberry32), so articles differ by topic, not by run. */
function random(seedText: string) {
  let seed = 0;
  for (const c of seedText) seed = (Math.imul(seed, 31) + c.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nouns = (
  "bin soil worm leaf root seed pot tray crop bed rain sun mulch plant shoot bud stem fruit herb yard " +
  "shed path hose rake box lid jar cup pile heap barrel bucket trowel spade fork glove cane twine net " +
  "frame shelf crate sack bag tub tap drain gutter fence wall gate hedge lawn moss weed slug snail bee " +
  "bird hen egg shell peel husk straw bark twig branch log stone brick sand clay grit loam ash lime frost " +
  "wind shade dew mist storm week month spring summer autumn winter morning evening dusk dawn"
).split(" ");
const verbs = (
  "feeds holds keeps turns warms dries needs gets finds helps moves lifts sets cuts fills pulls packs drains " +
  "shields covers soaks cools loosens breaks sorts rinses trims props guards shades waters clears stacks " +
  "spreads mixes wraps seals ties checks tests marks names saves lends brings takes shows"
).split(" ");
const adjectives = (
  "small wet dry warm cool dark soft firm fresh old new green brown deep flat light rich thin " +
  "damp crisp loose dense broad narrow short tall rough smooth sharp dull bright pale sweet sour " +
  "clean spare heavy sturdy tidy quiet busy early late slow quick full bare young ripe"
).split(" ");
const determiners = "the a your each every this one that our".split(" ");
const openers = [
  "In spring,",
  "After rain,",
  "Most weeks,",
  "On warm days,",
  "By June,",
  "At first,",
  "Later on,",
  "For a start,",
  "Now and then,",
  "Early on,",
  "Once a month,",
  "In a dry spell,",
  "Before frost,",
  "On cold nights,",
];
const prepositions = "in on under beside near behind above below against past".split(" ");
const linkers = ["so", "while", "and", "but", "because", "until", "once", "since"];

/**
 * Short plain sentences of garden words, drawn by a generator seeded with `seed`: text that
 * reads easily (Flesch well over 60), shares no run of five words with another seed's, and
 * varies its form as written prose does (openers, clauses, phrases), so the substance gate's
 * template and vocabulary checks (docs/decisions/340) read it as prose, not filler.
 */
export function plainSentences(seed: string): () => string {
  const next = random(seed);
  const pick = (list: readonly string[]) => list[Math.floor(next() * list.length)] as string;
  const maybe = (chance: number) => next() < chance;
  const phrase = () =>
    `${pick(determiners)}${maybe(0.6) ? ` ${pick(adjectives)}` : ""} ${pick(nouns)}`;
  return () => {
    const parts: string[] = [];
    if (maybe(0.35)) parts.push(pick(openers));
    parts.push(phrase(), pick(verbs), phrase());
    const tail = next();
    if (tail < 0.3) parts.push(pick(prepositions), phrase());
    else if (tail < 0.6) parts.push(`${pick(linkers)} ${phrase()} ${pick(verbs)} ${phrase()}`);
    const sentence = parts.join(" ");
    return `${sentence[0]?.toUpperCase()}${sentence.slice(1)}.`;
  };
}

/**
 * A post a model could have written about `topic` that passes every check of the publishing
 * gate: the keyword in the title, the first paragraph and the meta description, plain short
 * sentences (Flesch well over 60), paragraphs under 150 words, 400+ words, and text that
 * shares no run of five words with another topic's article.
 */
export function passingArticle(topic: string) {
  const sentence = plainSentences(topic);
  const paragraph = (n: number) => Array.from({ length: n }, sentence).join(" ");
  const keyword = topic.toLowerCase();
  const sections = Array.from(
    { length: 4 },
    (_, i) => `<h2>Part ${i + 1} of ${keyword}</h2><p>${paragraph(8)}</p><p>${paragraph(7)}</p>`,
  ).join("");
  const title = `${topic}: what to know`;
  return {
    title,
    content: `<p>This is a guide to ${keyword}. ${paragraph(5)}</p>${sections}`,
    metaTitle: title.slice(0, 60),
    metaDescription: `A plain guide to ${keyword}: what it is, what it needs and how to start with it this week.`,
    suggestedKeywords: [keyword],
    slug: keyword.replace(/\s+/g, "-"),
  };
}
