import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReviewReason } from "../../../contracts/posts.ts";
import { aiGenerations, aiUsage, blogs } from "../../db/schema.ts";
import { runDueAutomation } from "../../jobs/content-automation.ts";
import { loopbackProvider } from "../../test/ai.ts";
import {
  goodArticle,
  goodArticleSections,
  templateFiller,
  webArticleParagraphs,
} from "../../test/articles.ts";
import { createBlog, createOwner, createPublishedPost, setPersona } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { startOpenAiServer } from "../../test/openai-server.ts";
import { articleHtml, startPageServer } from "../../test/page-server.ts";
import { researchOn, startSearchServer } from "../../test/search-server.ts";
import { reviewSchemaName } from "./review.ts";

/**
 * The substance gate and plagiarism checks on automated posts (issue 32, items 2 and 3;
 * docs/decisions/340), end to end: the OpenAI-compatible test server writes the post and
 * reviews it, the SearXNG-format test server answers the phrase searches, pages come from
 * 127.0.0.1.
 */
let ai: Awaited<ReturnType<typeof startOpenAiServer>>;
let search: Awaited<ReturnType<typeof startSearchServer>>;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let app: TestApp;

beforeAll(async () => {
  [ai, search, pages] = await Promise.all([
    startOpenAiServer(),
    startSearchServer(),
    startPageServer(),
  ]);
  app = await startTestApp({
    env: { BLOG_DOMAIN: "substance.test", AI_CALLS_PER_MINUTE: "10000" },
    ai: loopbackProvider(ai),
    research: researchOn(search),
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([ai.close(), search.close(), pages.close()]);
});

/** A web article on balcony vegetables, and a search that finds it for any phrase. */
const webArticle = "/articles/balcony-containers";
function webHasTheArticle() {
  pages.page(webArticle, articleHtml("Containers on a balcony", webArticleParagraphs));
  search.state.resultsFor = (query) =>
    // Phrase searches of the plagiarism check; the writer's own research finds nothing.
    query.startsWith('"')
      ? [{ url: pages.url(webArticle), title: "Tomatoes on a balcony", snippet: query }]
      : [];
}

/**
 * `own` paragraphs first, then the scripted section's paragraphs while they fit in the scripted
 * section's length: the length stays what the outline asked, so no revision rewrites it.
 */
function fill(own: readonly string[], scripted: string): string {
  const words = (html: string) =>
    html
      .replace(/<[^>]+>/g, " ")
      .split(/\s+/)
      .filter(Boolean).length;
  const target = words(scripted);
  const out = own.map((p) => `<p>${p}</p>`);
  for (const p of scripted.match(/<p>[\s\S]*?<\/p>/g) ?? []) {
    if (words(out.join(" ")) + words(p) > target) break;
    out.push(p);
  }
  return out.join("\n");
}

/** Sections as the test says; other steps as the scripted model writes them. */
function writeSections(section: (index: number, scripted: string) => string) {
  ai.state.answer = (name, written, prompt) => {
    if (name !== "post_section") return undefined;
    const index = Number(/Write section (\d+) of/.exec(prompt)?.[1] ?? 1);
    return { html: section(index, (written as { html: string }).html) };
  };
}

async function automatedBlog(owner: TestClient, subdomain: string, topic: string) {
  const blog = await createBlog(owner, `Substance ${subdomain}`);
  await setPersona(owner, blog.id, "Wren Hollis");
  await app.db.update(blogs).set({ subdomain }).where(eq(blogs.id, blog.id));
  const res = await owner.post(`/api/blogs/${blog.id}/automation`, {
    enabled: true,
    topics: [topic],
    topicDetails: [{ topic, length: "short" }],
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.autoPublish).toBe(true);
  return blog;
}

/** Runs automation once; the post `blogId` got, with its status and reasons. */
async function runFor(owner: TestClient, blogId: string) {
  const started = await runDueAutomation({
    db: app.db,
    ai: app.aiGate,
    clock: () => new Date(Date.now() + 60_000),
    generations: app.generations,
  });
  await app.generations.idle();
  const mine = started.filter((s) => s.blogId === blogId);
  expect(mine).toHaveLength(1);
  const [generation] = await app.db
    .select({ postId: aiGenerations.postId, error: aiGenerations.error })
    .from(aiGenerations)
    .where(inArray(aiGenerations.id, [mine[0]?.generationId as string]));
  expect(generation?.error ?? null).toBeNull();
  const post = (await owner.get(`/api/posts/${generation?.postId}`)).body as {
    id: string;
    status: string;
    content: string;
    reviewReasons: ReviewReason[];
  };
  return { ...post, reasons: post.reviewReasons ?? [] };
}

const ids = (reasons: ReviewReason[]) => reasons.map((r) => r.id).sort();
const reason = (reasons: ReviewReason[], id: string) => reasons.find((r) => r.id === id)?.reason;

describe("the substance gate", () => {
  it("holds template filler with the pattern it repeats, and the review's verdict", async () => {
    search.state.resultsFor = () => [];
    writeSections((index, scripted) => {
      const words = scripted.split(/\s+/).length;
      return templateFiller(`part ${index}`, words).replace(
        /^<p>This is a guide to [^.]*\. /,
        "<p>",
      );
    });
    const scriptedReview = ai.state.answer;
    ai.state.answer = (name, written, prompt) =>
      name === reviewSchemaName
        ? {
            unsupportedClaims: [],
            inventedExperience: [],
            filler: [
              "Take a small look at the useful part of your setup and keep it good.",
              "Have a quick look at the main side of your plan and keep it simple.",
              "Give a good look at the key bit of your space and keep it clean.",
            ],
            helpfulness: 2,
            fixes: ["Replace the repeated generic advice with specific steps for balcony herbs."],
          }
        : scriptedReview?.(name, written, prompt);
    const owner = await createOwner(app);
    const blog = await automatedBlog(owner, "filler", "Balcony herbs");
    const post = await runFor(owner, blog.id);
    expect(post.status).toBe("under_review");
    expect(ids(post.reasons)).toEqual(
      expect.arrayContaining(["repeated-templates", "review-filler", "review-helpfulness"]),
    );
    expect(reason(post.reasons, "repeated-templates")).toMatch(
      /repeat the same pattern with words swapped \(“\w+ a \w+ look at the .*”\); automated posts are held at 30% or more\.$/,
    );
    expect(reason(post.reasons, "review-helpfulness")).toMatch(
      /scored it 2\/10 .* To fix: Replace the repeated generic advice/,
    );
    // The review went through the AI gate as automation's call, for this post.
    const calls = await app.db
      .select({ kind: aiUsage.kind })
      .from(aiUsage)
      .where(and(eq(aiUsage.postId, post.id), eq(aiUsage.kind, "automation")));
    expect(calls.length).toBeGreaterThan(1);
    const reviews = ai.state.requests.filter(
      (r) => r.body?.response_format?.json_schema?.name === reviewSchemaName,
    );
    expect(reviews.at(-1)?.body.response_format.json_schema.strict).toBe(true);
    expect(JSON.stringify(reviews.at(-1)?.body.messages)).toContain(
      'untrusted label=\\"post body\\"',
    );
  });

  it("publishes a good varied article, checked against the web and the fleet", async () => {
    webHasTheArticle();
    const owner = await createOwner(app);
    writeSections((index, scripted) =>
      fill(
        goodArticleSections[(index - 1) % goodArticleSections.length]?.paragraphs ?? [],
        scripted,
      ),
    );
    // The owner's other blog has a post on the same subject in other words.
    const other = await createBlog(owner, "Containers Daily");
    await createPublishedPost(owner, other.id, {
      title: "Containers on a balcony",
      content: webArticleParagraphs.map((p) => `<p>${p}</p>`).join("\n"),
    });
    // The page found for every phrase shares the article's subject, not its sentences.
    const blog = await automatedBlog(owner, "good", "Balcony tomatoes");
    const hitsBefore = pages.hits.get(webArticle) ?? 0;
    const post = await runFor(owner, blog.id);
    expect(post.reasons).toEqual([]);
    expect(post.status).toBe("published");
    // A short post has three sections, written from the good article's first three.
    for (const section of goodArticleSections.slice(0, 3))
      expect(post.content).toContain(section.paragraphs[0]);
    // The web check ran: it searched phrases and read the page it found.
    expect(pages.hits.get(webArticle) ?? 0).toBeGreaterThan(hitsBefore);
  });

  it("holds a post in which the model review finds invented experience, for that alone", async () => {
    search.state.resultsFor = () => [];
    writeSections((_index, scripted) => scripted);
    const scripted = ai.state.answer;
    ai.state.answer = (name, written, prompt) =>
      name === reviewSchemaName
        ? {
            unsupportedClaims: [],
            inventedExperience: ["In my own garden we grew these for ten years."],
            filler: [],
            helpfulness: 8,
            fixes: [],
          }
        : scripted?.(name, written, prompt);
    const owner = await createOwner(app);
    const blog = await automatedBlog(owner, "invented", "Window boxes");
    const post = await runFor(owner, blog.id);
    expect(post.status).toBe("under_review");
    expect(ids(post.reasons)).toEqual(["review-invented-experience"]);
    expect(reason(post.reasons, "review-invented-experience")).toContain(
      "“In my own garden we grew these for ten years.”",
    );
  });
});

describe("plagiarism", () => {
  /** Three paragraphs of the good article (posted on the owner's other blog). */
  const fromFleet = [
    goodArticleSections[0].paragraphs[1],
    goodArticleSections[1].paragraphs[0],
    goodArticleSections[3].paragraphs[0],
  ];
  /** Three paragraphs of the web article. */
  const fromWeb = [webArticleParagraphs[0], webArticleParagraphs[1], webArticleParagraphs[3]];
  /** A post with one copied paragraph in each of its first three sections. */
  const copyingThree = (copied: readonly string[]) =>
    writeSections((index, scripted) =>
      index <= 3 ? fill([copied[index - 1] as string], scripted) : scripted,
    );

  it("holds an article copying three paragraphs from another blog of the owner, naming it", async () => {
    search.state.resultsFor = () => [];
    const owner = await createOwner(app);
    const other = await createBlog(owner, "Tomato Terrace");
    await createPublishedPost(owner, other.id, {
      title: "Growing balcony tomatoes",
      content: goodArticle(),
    });
    copyingThree(fromFleet);
    const blog = await automatedBlog(owner, "fleetcopy", "Container vegetables");
    const post = await runFor(owner, blog.id);
    expect(post.status).toBe("under_review");
    expect(ids(post.reasons)).toEqual(["originality"]);
    expect(reason(post.reasons, "originality")).toMatch(
      /matches “Growing balcony tomatoes” on Tomato Terrace, word for word in “[^”]{80,}”/,
    );
    const passage = /word for word in “([^”]+)”/.exec(
      reason(post.reasons, "originality") ?? "",
    )?.[1];
    expect(fromFleet.some((p) => p.startsWith((passage ?? "-").replace(/…$/, "")))).toBe(true);
  });

  it("holds an article copying three paragraphs from a web page, with its address", async () => {
    webHasTheArticle();
    const owner = await createOwner(app);
    copyingThree(fromWeb);
    const blog = await automatedBlog(owner, "webcopy", "Container vegetables");
    const post = await runFor(owner, blog.id);
    expect(post.status).toBe("under_review");
    expect(ids(post.reasons)).toEqual(["web-copy"]);
    const text = reason(post.reasons, "web-copy") ?? "";
    expect(text).toContain(`word for word on ${pages.url(webArticle)}, such as “`);
    const passage = /such as “([^”]+)”/.exec(text)?.[1] ?? "-";
    expect(fromWeb.some((p) => p.startsWith(passage.replace(/…$/, "")))).toBe(true);
    // Phrases were searched as quoted phrases.
    const queries = search.state.requests.map((r) => r.query.get("q") ?? "");
    expect(queries.some((q) => /^".+"$/.test(q))).toBe(true);
  });

  it("holds the post when the phrase search fails: it was not checked against the web", async () => {
    search.state.resultsFor = () => [];
    writeSections((_index, scripted) => scripted);
    const owner = await createOwner(app);
    const blog = await automatedBlog(owner, "searchdown", "Pallet planters");
    search.state.mode = "refused";
    try {
      const post = await runFor(owner, blog.id);
      expect(post.status).toBe("under_review");
      expect(ids(post.reasons)).toEqual(["web-copy-check"]);
    } finally {
      search.state.mode = "ok";
    }
  });
});
