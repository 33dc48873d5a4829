import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../../contracts/limits.ts";
import type { OriginalityResult } from "../../../contracts/originality.ts";
import { first } from "../../db/query.ts";
import { postFingerprints, posts } from "../../db/schema.ts";
import { createBlog, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { shinglesOf, similarity, similarityTo } from "./originality.ts";

const article = (topic: string) =>
  `<h2>Why ${topic} matters</h2><p>Most runners skip ${topic} because it hurts, but a few minutes each week changes how strong your legs feel on race day. Start with short efforts and rest well between them.</p><p>Pick a route you know, warm up for ten minutes and keep the first session easy so that you come back next week.</p>`;

describe("shingles", () => {
  it("reads words the same through markup, case, accents and entities", () => {
    expect([...shinglesOf("<p>The Café &amp; the <em>quick</em> brown fox</p>")]).toEqual([
      ...shinglesOf("the cafe & THE quick\nbrown   fox"),
    ]);
    expect(shinglesOf("one two three four").size).toBe(0);
    expect(shinglesOf("one two three four five").size).toBe(1);
    expect(shinglesOf("<script>one two three four five six</script>").size).toBe(0);
  });

  it("measures overlap against the shorter text, and nothing for texts too short to judge", () => {
    const a = shinglesOf(article("hill repeats"));
    expect(similarity(a, a)).toBe(1);
    expect(similarity(a, shinglesOf(article("tempo runs")))).toBeGreaterThan(0.5);
    expect(
      similarity(a, shinglesOf("<p>Nothing in common with that text at all, really not.</p>")),
    ).toBe(0);
    // A post wholly contained in a longer one counts as a copy, whichever is the draft.
    const longer = shinglesOf(
      `${article("hill repeats")}<p>${"More words here and there. ".repeat(40)}</p>`,
    );
    expect(similarity(a, longer)).toBe(1);
    expect(similarity(longer, a)).toBe(1);
    expect(similarityTo(a, "<p>too short</p>")).toBeNull();
  });
});

describe("POST /api/posts/originality", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("names the owner's most similar post across all their blogs, never the post itself", async () => {
    const owner = await createOwner(app);
    const trail = await createBlog(owner, "Trail Notes");
    const road = await createBlog(owner, "Road Miles");
    const self = await createPost(owner, trail.id, {
      title: "Hill repeats",
      content: article("hill repeats"),
    });
    const copy = await createPost(owner, road.id, {
      title: "Hill repeats, again",
      content: article("hill repeats"),
    });
    await createPost(owner, trail.id, { title: "Tempo runs", content: article("tempo runs") });
    await createPost(owner, trail.id, { title: "Short", content: "<p>Tiny.</p>" });

    const res = await owner.post<OriginalityResult>("/api/posts/originality", {
      postId: self.id,
      content: article("hill repeats"),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      score: 0,
      mostSimilar: {
        postId: copy.id,
        title: "Hill repeats, again",
        blogName: "Road Miles",
        similarity: 1,
      },
      comparedPosts: 2,
    });

    // Without a post id (a new post) every post is compared; its own saved copy is the match.
    const fresh = await owner.post<OriginalityResult>("/api/posts/originality", {
      content: article("hill repeats"),
    });
    expect(fresh.body.comparedPosts).toBe(3);
    expect(fresh.body.mostSimilar?.similarity).toBe(1);
  });

  it("scores an original text 1 with nothing similar, and a too-short text without reading posts", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    await createPost(owner, blog.id, { content: article("hill repeats") });
    const original = await owner.post<OriginalityResult>("/api/posts/originality", {
      content:
        "<p>Sourdough needs a lively starter, patient folding and a very hot oven; everything else is detail you learn by baking often.</p>",
    });
    expect(original.body).toEqual({ score: 1, mostSimilar: null, comparedPosts: 1 });
    const short = await owner.post<OriginalityResult>("/api/posts/originality", {
      content: "<p>Why hill repeats matters</p>",
    });
    expect(short.body).toEqual({ score: 1, mostSimilar: null, comparedPosts: 0 });
  });

  it("never compares with another owner's posts, and answers 404 for another owner's post id", async () => {
    const owner = await createOwner(app);
    const other = await createOwner(app);
    const otherBlog = await createBlog(other, "Someone else's");
    const theirs = await createPost(other, otherBlog.id, { content: article("hill repeats") });
    await createBlog(owner);
    const res = await owner.post<OriginalityResult>("/api/posts/originality", {
      content: article("hill repeats"),
    });
    expect(res.body).toEqual({ score: 1, mostSimilar: null, comparedPosts: 0 });
    const probe = await owner.post("/api/posts/originality", {
      postId: theirs.id,
      content: article("hill repeats"),
    });
    expect(probe.status).toBe(404);
  });

  it("validates the body and needs a signed-in owner", async () => {
    const owner = await createOwner(app);
    const bad = await owner.post("/api/posts/originality", {
      content: "x".repeat(limits.postContent + 1),
      postId: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "content",
      "postId",
    ]);
    expect((await owner.post("/api/posts/originality", {})).status).toBe(400);
    expect((await app.client().post("/api/posts/originality", { content: "x" })).status).toBe(401);
  });

  it("compares with the fingerprint stored when a post was saved, not by re-reading the post", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const post = await createPost(owner, blog.id, {
      title: "Hill repeats",
      content: article("hill repeats"),
    });
    const stored = await first(
      app.db.select().from(postFingerprints).where(eq(postFingerprints.postId, post.id)),
    );
    expect(stored?.shingles.byteLength).toBe(8 * shinglesOf(article("hill repeats")).size);

    // The text changes behind the service's back, the row's updated_at kept: the check still
    // compares with what was saved, proof that it did not tokenize the post again.
    const row = await first(app.db.select().from(posts).where(eq(posts.id, post.id)));
    await app.db
      .update(posts)
      .set({ content: "<p>Something else entirely.</p>", updatedAt: row?.updatedAt })
      .where(eq(posts.id, post.id));
    const check = () =>
      owner.post<OriginalityResult>("/api/posts/originality", { content: article("hill repeats") });
    expect((await check()).body.mostSimilar?.postId).toBe(post.id);

    // Saving through the API replaces the fingerprint…
    await owner.patch(`/api/posts/${post.id}`, { content: article("tempo runs") });
    expect((await check()).body.mostSimilar?.similarity).toBeLessThan(1);
    // …a change that leaves the text alone keeps it…
    await owner.patch(`/api/posts/${post.id}`, { title: "Tempo runs" });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    const kept = await first(
      app.db.select().from(postFingerprints).where(eq(postFingerprints.postId, post.id)),
    );
    const now = await first(app.db.select().from(posts).where(eq(posts.id, post.id)));
    expect(kept?.postUpdatedAt.getTime()).toBe(now?.updatedAt.getTime());
    // …and a post written elsewhere (or before fingerprints) gets one on first use.
    await app.db.delete(postFingerprints).where(eq(postFingerprints.postId, post.id));
    await app.db
      .update(posts)
      .set({ content: article("hill repeats") })
      .where(eq(posts.id, post.id));
    expect((await check()).body.mostSimilar).toMatchObject({ postId: post.id, similarity: 1 });
    expect(
      await first(
        app.db.select().from(postFingerprints).where(eq(postFingerprints.postId, post.id)),
      ),
    ).toBeDefined();
  });

  it("compares a draft with 2,000 posts of 800 words quickly", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const vocabulary =
      "trail hill tempo pace stride cadence shoe mile recovery breath heart effort climb descent rest fuel water sleep coach plan week race finish start easy hard long short steady rhythm".split(
        " ",
      );
    let seed = 7;
    const word = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return vocabulary[seed % vocabulary.length];
    };
    const body = () =>
      Array.from(
        { length: 10 },
        () => `<p>${Array.from({ length: 80 }, word).join(" ")}.</p>`,
      ).join("");
    const now = new Date();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      id: `bulk${i.toString().padStart(16, "0")}`,
      blogId: blog.id,
      title: `Bulk ${i}`,
      slug: `bulk-${i}`,
      content: body(),
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await app.db.insert(posts).values(rows.slice(i, i + 200));
    const draft = rows[1234]?.content as string;
    const started = performance.now();
    const res = await owner.post<OriginalityResult>("/api/posts/originality", { content: draft });
    const elapsed = performance.now() - started;
    expect(res.body.mostSimilar?.title).toBe("Bulk 1234");
    expect(res.body.comparedPosts).toBe(2000);
    // Well under a second on an idle machine; the bound leaves room for a busy CI machine.
    expect(elapsed).toBeLessThan(5000);
  });
});
