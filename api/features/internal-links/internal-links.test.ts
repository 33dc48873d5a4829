import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InternalLinkSuggestions } from "../../../contracts/internal-links.ts";
import { limits } from "../../../contracts/limits.ts";
import {
  createBlog,
  createOwner,
  createOwnerWithBlog,
  createPost,
  createPublishedPost,
} from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { hashedEmbedding, startOpenAiServer } from "../../test/openai-server.ts";
import { insertInternalLinks } from "./insert.ts";

/**
 * `POST /api/blogs/:blogId/internal-links/suggestions` on the real app (SQLite, or PostgreSQL
 * with TEST_DATABASE=postgres): full-text candidates, anchors from the draft's own words, and
 * embeddings from a loopback OpenAI-compatible server when configured.
 */
let app: TestApp;
let ai: Awaited<ReturnType<typeof startOpenAiServer>>;
let withEmbeddings: TestApp;
beforeAll(async () => {
  ai = await startOpenAiServer();
  [app, withEmbeddings] = await Promise.all([
    startTestApp(),
    startTestApp({
      env: {
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: ai.baseUrl,
        AI_EMBEDDING_MODEL: "test-embedding-3",
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([app.close(), withEmbeddings.close()]);
  await ai.close();
});

const suggestionsPath = (blogId: string) => `/api/blogs/${blogId}/internal-links/suggestions`;

async function suggest(
  owner: TestClient,
  blogId: string,
  body: { html: string; postId?: string },
): Promise<InternalLinkSuggestions> {
  const res = await owner.post<InternalLinkSuggestions>(suggestionsPath(blogId), body);
  if (res.status !== 200) throw new Error(`suggestions answered ${res.status}: ${res.text}`);
  return res.body;
}

/** Plain words no target's title holds (ten a sentence): a draft long enough for several links. */
const filler = (words: number) =>
  `<p>${Array.from({ length: Math.ceil(words / 10) }, () => "We write down what we saw each week for readers.").join(" ")}</p>`;

const gardenPosts = [
  { title: "How to Start a Bokashi Bin", slug: "bokashi-bin" },
  { title: "Watering Tomato Plants in a Heatwave", slug: "watering-tomatoes" },
  { title: "Raised Bed Gardening for Beginners", slug: "raised-beds" },
  { title: "Worm Composting", slug: "worm-composting", keywords: ["vermicompost"] },
];

/** A draft of four sections, each about one of `gardenPosts`, `words` long in all. */
const gardenDraft = (words = 1300) =>
  [
    `<p>Composting at home is easy. A bokashi bin fits under a sink.</p>${filler(words - 60)}`,
    "<h2>Water</h2><p>Tomatoes need water: water tomato plants deeply in a heatwave.</p>",
    "<h2>Beds</h2><p>A raised bed warms early in spring, and gardening in one saves your back.</p>",
    "<h2>Worms</h2><p>Try vermicompost with red wigglers, or worm composting indoors.</p>",
  ].join("\n");

/** The text of each section of `html`, as the suggestions count sections (split at each H2). */
const sectionsOf = (html: string) => html.split(/<h2>/);

async function seedGarden(owner: TestClient, blogId: string) {
  const ids = new Map<string, string>();
  for (const post of gardenPosts) {
    ids.set(
      post.slug,
      (await createPublishedPost(owner, blogId, { ...post, content: `<p>${post.title}.</p>` })).id,
    );
  }
  return ids;
}

describe("internal link suggestions", () => {
  it("proposes the blog's published posts per section, anchored on the section's own words", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const ids = await seedGarden(owner, blogId);
    const html = gardenDraft();
    const answer = await suggest(owner, blogId, { html });

    expect(answer.rankedBy).toBe("full-text");
    expect(answer.maxLinks).toBe(4);
    expect(answer.existingLinks).toBe(0);
    expect(
      answer.suggestions.map((s) => [
        s.sectionIndex,
        s.sectionHeading,
        s.anchorText,
        s.target.path,
      ]),
    ).toEqual([
      [0, null, "bokashi bin", "/post/bokashi-bin"],
      [1, "Water", "water tomato plants", "/post/watering-tomatoes"],
      [2, "Beds", "raised bed", "/post/raised-beds"],
      [3, "Worms", "worm composting", "/post/worm-composting"],
    ]);
    for (const s of answer.suggestions) {
      expect(s.target.postId).toBe(ids.get(s.target.path.slice("/post/".length)));
      expect(s.target.href).toBe(`..${s.target.path}`);
      expect(s.score).toBeGreaterThan(0);
      expect(s.score).toBeLessThanOrEqual(1);
      // The anchor is text of its own section, never made up.
      expect(sectionsOf(html)[s.sectionIndex]).toContain(s.anchorText);
    }
    expect(answer.suggestions.find((s) => s.sectionIndex === 1)?.target.title).toBe(
      "Watering Tomato Plants in a Heatwave",
    );

    // Inserted, each is a link in its section that readers can follow.
    const { html: linked, inserted } = insertInternalLinks(html, answer.suggestions);
    expect(inserted).toHaveLength(4);
    expect(linked).toContain('<a href="../post/raised-beds">raised bed</a> warms early');
  });

  it("never proposes drafts, scheduled, deleted, other blogs' posts or the post itself", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const title = (words: string) => `The Bokashi Bin ${words}`;
    await createPost(owner, blogId, { title: title("Draft"), slug: "draft" });
    const scheduled = await createPost(owner, blogId, { title: title("Scheduled"), slug: "later" });
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect(
      (await owner.patch(`/api/posts/${scheduled.id}/schedule`, { scheduledPublishAt: inAWeek }))
        .status,
    ).toBe(200);
    const review = await createPost(owner, blogId, {
      title: title("Under Review"),
      slug: "review",
    });
    await owner.patch(`/api/posts/${review.id}/status`, { status: "under_review" });
    const deleted = await createPublishedPost(owner, blogId, { title: title("Deleted") });
    expect((await owner.delete(`/api/posts/${deleted.id}`)).status).toBe(204);
    const unpublished = await createPublishedPost(owner, blogId, { title: title("Unpublished") });
    expect(
      (await owner.patch(`/api/posts/${unpublished.id}/status`, { status: "draft" })).status,
    ).toBe(200);
    const otherBlog = (await createBlog(owner)).id;
    await createPublishedPost(owner, otherBlog, { title: title("Other Blog") });
    const stranger = await createOwner(app);
    await createPublishedPost(stranger, (await createBlog(stranger)).id, {
      title: title("Stranger"),
    });
    const itself = await createPublishedPost(owner, blogId, { title: title("Itself") });
    const html = "<p>Every kitchen needs a bokashi bin for scraps.</p>";

    const none = await suggest(owner, blogId, { html, postId: itself.id });
    expect(none.suggestions).toEqual([]);
    // The only candidate left is the post itself: suggested once the post is not named.
    const alone = await suggest(owner, blogId, { html });
    expect(alone.suggestions.map((s) => s.target.postId)).toEqual([itself.id]);
  });

  it("leaves out targets the draft links to already (any address of them) and counts those links", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const ids = await seedGarden(owner, blogId);
    const blog = (await owner.get(`/api/blogs/${blogId}`)).body as { slug: string };
    // Renamed after publishing: a link to the former slug still names it.
    await owner.patch(`/api/posts/${ids.get("raised-beds")}`, { slug: "raised-bed-basics" });
    const html = gardenDraft()
      .replace(
        "<p>Composting at home",
        '<p>See <a href="../post/bokashi-bin">our bin guide</a>. Composting at home',
      )
      .replace(
        "<p>Try vermicompost",
        `<p>Our <a href="https://example.com/blog/${blog.slug}/post/raised-beds">bed notes</a> apply elsewhere. <a href="/blog/${blog.slug}/post/raised-beds">Beds</a>. Try vermicompost`,
      );
    const answer = await suggest(owner, blogId, { html });
    expect(answer.existingLinks).toBe(2);
    // Sections 0 and 3 hold a link already; bokashi and raised beds are linked already.
    expect(answer.suggestions.map((s) => [s.sectionIndex, s.target.postId])).toEqual([
      [1, ids.get("watering-tomatoes")],
    ]);
    expect(answer.maxLinks).toBe(4);
  });

  it("keeps within the post's budget: one link per ~300 words, at most 5, one per section", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    await seedGarden(owner, blogId);
    const short = await suggest(owner, blogId, { html: gardenDraft(250) });
    expect(short.maxLinks).toBe(1);
    expect(short.suggestions).toHaveLength(1);
    const medium = await suggest(owner, blogId, { html: gardenDraft(700) });
    expect(medium.maxLinks).toBe(2);
    expect(medium.suggestions).toHaveLength(2);

    // Ten sections that all match one post: it is proposed once, in its best section.
    const repeated = Array.from(
      { length: 10 },
      (_, i) => `<h2>Part ${i}</h2><p>Part ${i}: a bokashi bin again.</p>${filler(200)}`,
    ).join("");
    const once = await suggest(owner, blogId, { html: repeated });
    expect(once.maxLinks).toBe(5);
    expect(once.suggestions.map((s) => s.target.path)).toEqual(["/post/bokashi-bin"]);

    // Many posts, many sections: at most 5 links, each section and target once, each section
    // with the post closest to it (every section matches every post a little).
    const trees = ["Apple", "Birch", "Cedar", "Maple", "Olive", "Plum", "Rowan", "Willow"];
    for (const tree of trees)
      await createPublishedPost(owner, blogId, { title: `Mulching Under ${tree} Trees` });
    const many = trees
      .map(
        (tree) =>
          `<h2>${tree}</h2><p>Our notes on mulching under ${tree.toLowerCase()} trees.</p>${filler(300)}`,
      )
      .join("");
    const capped = await suggest(owner, blogId, { html: many });
    expect(capped.maxLinks).toBe(5);
    expect(capped.suggestions.map((s) => [s.sectionHeading, s.anchorText, s.target.title])).toEqual(
      trees
        .slice(0, 5)
        .map((tree) => [
          tree,
          `mulching under ${tree.toLowerCase()} trees`,
          `Mulching Under ${tree} Trees`,
        ]),
    );
  });

  it("suggests nothing for text that shares no words with any post, and never a heading or a link", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    await seedGarden(owner, blogId);
    const quiet = await suggest(owner, blogId, { html: "<p>Nothing about that here.</p>" });
    expect(quiet.suggestions).toEqual([]);
    const empty = await suggest(owner, blogId, { html: "" });
    expect(empty).toEqual({
      suggestions: [],
      maxLinks: 1,
      existingLinks: 0,
      rankedBy: "full-text",
    });
    // The words stand only in a heading, code and an outside link: nothing to anchor on.
    const untouchable = await suggest(owner, blogId, {
      html: '<h3>A bokashi bin</h3><p><code>bokashi bin</code> and <a href="https://example.com/">bokashi bin</a>.</p>',
    });
    expect(untouchable.suggestions).toEqual([]);
  });

  it("answers 404 for another owner's blog or a post of another blog, and 400 listing every problem", async () => {
    const a = await createOwnerWithBlog(app);
    const b = await createOwnerWithBlog(app);
    const aPost = await createPost(a.owner, a.blogId);
    const html = "<p>A bokashi bin.</p>";
    const foreign = await b.owner.post(suggestionsPath(a.blogId), { html });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "not_found", message: "Blog not found" });
    const foreignPost = await b.owner.post(suggestionsPath(b.blogId), { html, postId: aPost.id });
    expect(foreignPost.status).toBe(404);
    expect(foreignPost.body).toMatchObject({ message: "Post not found" });
    expect((await a.owner.post(suggestionsPath("missing"), { html })).status).toBe(404);

    const invalid = await a.owner.post(suggestionsPath(a.blogId), { html: 5, postId: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("validation_failed");
    expect(invalid.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "html",
      "postId",
    ]);
    const missing = await a.owner.post(suggestionsPath(a.blogId), {});
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: "html", message: "Required" }]);

    const signedOut = app.client();
    expect((await signedOut.post(suggestionsPath(a.blogId), { html })).status).toBe(401);
  });

  it("takes a post's whole content (over 1 MB as JSON) and refuses more than a post may hold", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    await seedGarden(owner, blogId);
    // ~1.4 MB of UTF-8: within the 500,000-character limit, over the 1 MB of other bodies.
    const long = `<p>A bokashi bin.</p><p>${"€".repeat(limits.postContent - 100)}</p>`;
    const res = await owner.post<InternalLinkSuggestions>(suggestionsPath(blogId), { html: long });
    expect(res.status).toBe(200);
    expect(res.body.suggestions.map((s) => s.anchorText)).toEqual(["bokashi bin"]);
    const tooLong = await owner.post(suggestionsPath(blogId), {
      html: "a".repeat(limits.postContent + 1),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0].path).toBe("html");
  });
});

describe("internal link suggestions with embeddings (loopback OpenAI-compatible server)", () => {
  /** Two posts both anchored in one short section (budget 1): which one wins decides the ranking. */
  async function twoCandidates(client: TestClient, blogId: string) {
    // By words the bin post is closer (its whole title is in the text, the worm post's not).
    const bin = await createPublishedPost(client, blogId, {
      title: "Bokashi Bin",
      excerpt: "Fermenting kitchen scraps in a sealed bucket.",
    });
    const worms = await createPublishedPost(client, blogId, {
      title: "Worm Composting at Home",
      excerpt: "Red wigglers turn scraps into castings.",
    });
    return { bin, worms };
  }
  const html =
    "<p>Feed the bokashi bin, or try worm composting with red wigglers and castings.</p>";

  it("re-ranks the full-text candidates by the similarity of section and post", async () => {
    const owner = await createOwner(withEmbeddings);
    const blogId = (await createBlog(owner)).id;
    const { bin, worms } = await twoCandidates(owner, blogId);
    ai.state.embeddings = "ok";
    const before = ai.state.requests.length;

    const byWords = await suggest(owner, blogId, { html });
    expect(byWords.rankedBy).toBe("embeddings");
    const asked = ai.state.requests.slice(before).filter((r) => r.path.endsWith("/embeddings"));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body.model).toBe("test-embedding-3");
    expect(asked[0]?.auth).toBe("Bearer sk-test");
    // One input per section with candidates, then one per candidate: title and summary.
    expect(asked[0]?.body.input).toEqual([
      "Feed the bokashi bin, or try worm composting with red wigglers and castings.",
      expect.stringMatching(/^(Bokashi Bin\nFermenting|Worm Composting at Home\nRed wigglers)/),
      expect.stringMatching(/^(Bokashi Bin\nFermenting|Worm Composting at Home\nRed wigglers)/),
    ]);
    // The test server's vectors are hashed words: the worm post's summary shares "red
    // wigglers" and "castings" with the text, and the re-ranking puts it first.
    expect(byWords.suggestions.map((s) => [s.target.postId, s.anchorText])).toEqual([
      [worms.id, "worm composting"],
    ]);

    // A model that finds the bin post closer moves it first.
    ai.state.embed = (text) =>
      text.startsWith("Bokashi") ? [1, 0] : text.startsWith("Worm") ? [0, 1] : [0.9, 0.1];
    try {
      const closer = await suggest(owner, blogId, { html });
      expect(closer.suggestions.map((s) => [s.target.postId, s.anchorText])).toEqual([
        [bin.id, "bokashi bin"],
      ]);
      expect(closer.suggestions[0]?.score).toBeCloseTo(0.9 / Math.sqrt(0.82), 3);
    } finally {
      ai.state.embed = hashedEmbedding;
    }
  });

  it("falls back to full-text ranking when the endpoint fails or offers no embeddings", async () => {
    const owner = await createOwner(withEmbeddings);
    const blogId = (await createBlog(owner)).id;
    const { bin } = await twoCandidates(owner, blogId);
    const plain = await createOwner(app);
    const plainBlog = (await createBlog(plain)).id;
    await twoCandidates(plain, plainBlog);
    const reference = await suggest(plain, plainBlog, { html });
    expect(reference.rankedBy).toBe("full-text");
    expect(reference.suggestions.map((s) => s.anchorText)).toEqual(["bokashi bin"]);

    try {
      ai.state.embeddings = "failing";
      const failing = await suggest(owner, blogId, { html });
      expect(failing.rankedBy).toBe("full-text");
      expect(failing.suggestions.map((s) => s.target.postId)).toEqual([bin.id]);

      // An endpoint without /v1/embeddings (404) is not asked again for a while.
      ai.state.embeddings = "missing";
      const before = ai.state.requests.length;
      const missing = await suggest(owner, blogId, { html });
      const again = await suggest(owner, blogId, { html });
      expect([missing.rankedBy, again.rankedBy]).toEqual(["full-text", "full-text"]);
      expect(missing.suggestions.map((s) => [s.target.postId, s.score])).toEqual([
        [bin.id, reference.suggestions[0]?.score],
      ]);
      const asked = ai.state.requests.slice(before).filter((r) => r.path.endsWith("/embeddings"));
      expect(asked).toHaveLength(1);
    } finally {
      ai.state.embeddings = "ok";
    }
  });

  it("asks for no embeddings without AI_EMBEDDING_MODEL", async () => {
    const before = ai.state.requests.length;
    const { owner, blogId } = await createOwnerWithBlog(app);
    await twoCandidates(owner, blogId);
    expect((await suggest(owner, blogId, { html })).rankedBy).toBe("full-text");
    expect(ai.state.requests.length).toBe(before);
  });
});
