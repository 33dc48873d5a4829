import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaItem } from "../../../contracts/media.ts";
import type { BlogVoice } from "../../../contracts/voice.ts";
import { blogVoices, postResearch } from "../../db/schema.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { recordContentEvents } from "../../test/content-events.ts";
import { createBlog, createOwner, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";
import { cutAtWord, writerVoiceOf } from "./service.ts";

/**
 * The blog's voice (issue 31, item 6; decision 333) on the real app: SQLite, or PostgreSQL with
 * TEST_DATABASE=postgres. Owner only, every problem in one 400 with nothing saved, a render
 * only when the persona readers see changes, and what the writer's pipeline reads.
 */
const { events: recorder, changesOf } = recordContentEvents();

const { app, newOwner, ownerWithBlog } = testAppForFile({ contentEvents: recorder });

const voicePath = (blogId: string) => `/api/blogs/${blogId}/voice`;

const emptyVoice: BlogVoice = {
  personaName: null,
  personaBio: null,
  personaCredentials: null,
  personaLinks: [],
  personaPhotoId: null,
  personaPhotoUrl: null,
  personaResponsibleUserId: null,
  tone: null,
  readingLevel: null,
  wordsToUse: [],
  wordsToAvoid: [],
  examplePostIds: [],
  examples: [],
  sourceUrls: [],
  sourceNotes: [],
};

let seed = 1;
async function uploadPhoto(owner: TestClient, blogId: string): Promise<MediaItem> {
  const res = await uploadFile(
    owner,
    blogId,
    await makeImage({ width: 400, height: 400, seed: seed++ }),
    "portrait.jpg",
    "image/jpeg",
  );
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body;
}

describe("GET and PUT /api/blogs/:blogId/voice", () => {
  it("answers an empty voice before one is saved, then the whole voice as saved", async () => {
    const { owner, blogId } = await ownerWithBlog();
    expect((await owner.get(voicePath(blogId))).body).toEqual(emptyVoice);

    const photo = await uploadPhoto(owner, blogId);
    const first = await createPublishedPost(owner, blogId, { title: "Clay, year one" });
    const second = await createPublishedPost(owner, blogId, { title: "Digging in March" });
    const res = await owner.put<BlogVoice>(voicePath(blogId), {
      personaName: "  Mara Quell ",
      personaBio: "Has gardened on clay for twenty years.",
      personaCredentials: "RHS Master Gardener",
      personaLinks: ["https://example.org/mara"],
      personaPhotoId: photo.id,
      tone: "Warm, direct, a little dry",
      readingLevel: "Plain English, grade 8",
      wordsToUse: ["clay", " tilth "],
      wordsToAvoid: ["delve"],
      // Given twice: kept once, in the order given.
      examplePostIds: [second.id, first.id, second.id],
      sourceUrls: ["https://example.org/soil-test"],
      sourceNotes: ["Our soil tested at pH 7.8 in 2025."],
    });
    expect(res.status).toBe(200);
    const saved: BlogVoice = {
      personaName: "Mara Quell",
      personaBio: "Has gardened on clay for twenty years.",
      personaCredentials: "RHS Master Gardener",
      personaLinks: ["https://example.org/mara"],
      personaPhotoId: photo.id,
      personaPhotoUrl: photo.src,
      personaResponsibleUserId: null,
      tone: "Warm, direct, a little dry",
      readingLevel: "Plain English, grade 8",
      wordsToUse: ["clay", "tilth"],
      wordsToAvoid: ["delve"],
      examplePostIds: [second.id, first.id],
      examples: [
        { id: second.id, title: "Digging in March" },
        { id: first.id, title: "Clay, year one" },
      ],
      sourceUrls: ["https://example.org/soil-test"],
      sourceNotes: ["Our soil tested at pH 7.8 in 2025."],
    };
    expect(res.body).toEqual(saved);
    expect((await owner.get(voicePath(blogId))).body).toEqual(saved);

    // A PUT is the whole voice: what is left out is saved empty.
    const cleared = await owner.put<BlogVoice>(voicePath(blogId), { tone: "Calm" });
    expect(cleared.body).toEqual({ ...emptyVoice, tone: "Calm" });
    expect((await owner.get(voicePath(blogId))).body).toEqual({ ...emptyVoice, tone: "Calm" });
  });

  it("lists every problem of the input in one 400 and saves nothing", async () => {
    const { owner, blogId } = await ownerWithBlog();
    await owner.put(voicePath(blogId), { personaName: "Mara Quell", tone: "Warm" });
    const res = await owner.put(voicePath(blogId), {
      personaName: "x".repeat(101),
      personaLinks: ["https://example.org/ok", "ftp://example.org/file", "not a url"],
      tone: 7,
      wordsToUse: Array.from({ length: 31 }, (_, i) => `word${i}`),
      wordsToAvoid: ["fine", "  "],
      examplePostIds: ["a", "b", "c", "d"],
      sourceNotes: ["n".repeat(5001)],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: "personaName", message: "Author name must be at most 100 characters" },
      {
        path: "personaLinks.1",
        message: "must be a full http(s) address, like https://example.com/page",
      },
      {
        path: "personaLinks.2",
        message: "must be a full http(s) address, like https://example.com/page",
      },
      { path: "tone", message: "Tone must be text" },
      { path: "wordsToUse", message: "Words to use: at most 30 entries" },
      { path: "wordsToAvoid.1", message: "Words to avoid: an entry is empty" },
      { path: "examplePostIds", message: "Example posts: at most 3" },
      { path: "sourceNotes.0", message: "must be at most 5000 characters" },
    ]);
    expect((await owner.get(voicePath(blogId))).body).toEqual({
      ...emptyVoice,
      personaName: "Mara Quell",
      tone: "Warm",
    });
  });

  it("takes only a photo of the blog's library and published posts of the blog as examples, naming each other one", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner);
    const otherBlog = await createBlog(owner);
    const stranger = await ownerWithBlog();
    const published = await createPublishedPost(owner, blog.id);
    const draft = await createPost(owner, blog.id);
    const elsewhere = await createPublishedPost(owner, otherBlog.id);
    const strangers = await createPublishedPost(stranger.owner, stranger.blogId);
    const otherBlogsPhoto = await uploadPhoto(owner, otherBlog.id);
    const strangersPhoto = await uploadPhoto(stranger.owner, stranger.blogId);
    const rendersBefore = changesOf(blog.id).length;

    for (const photo of [otherBlogsPhoto, strangersPhoto]) {
      const res = await owner.put(voicePath(blog.id), {
        personaName: "Mara Quell",
        personaPhotoId: photo.id,
        examplePostIds: [published.id, draft.id, elsewhere.id],
      });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([
        {
          path: "personaPhotoId",
          message:
            "Author photo is not an image of this blog's media library. Choose one from the library or upload it there.",
        },
        {
          path: "examplePostIds.1",
          message: `Example post ${draft.id} is not a published post of this blog. Choose a published post.`,
        },
        {
          path: "examplePostIds.2",
          message: `Example post ${elsewhere.id} is not a published post of this blog. Choose a published post.`,
        },
      ]);
    }
    // Another owner's post answers exactly as a missing one.
    const missing = await owner.put(voicePath(blog.id), { examplePostIds: ["no-such-post"] });
    const foreign = await owner.put(voicePath(blog.id), { examplePostIds: [strangers.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues[0].message.replace(strangers.id, "ID")).toBe(
      missing.body.issues[0].message.replace("no-such-post", "ID"),
    );
    expect((await owner.get(voicePath(blog.id))).body).toEqual(emptyVoice);
    expect(changesOf(blog.id)).toHaveLength(rendersBefore);
  });

  it("answers 404 for another owner's blog, and changes nothing", async () => {
    const a = await ownerWithBlog();
    const b = await newOwner();
    await a.owner.put(voicePath(a.blogId), { personaName: "Mara Quell" });
    expect((await b.get(voicePath(a.blogId))).status).toBe(404);
    const put = await b.put(voicePath(a.blogId), { personaName: "Taken over" });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe("not_found");
    expect((await a.owner.get(voicePath(a.blogId))).body.personaName).toBe("Mara Quell");
    expect((await b.get(voicePath("no-such-blog"))).status).toBe(404);
    expect((await app().client().get(voicePath(a.blogId))).status).toBe(401);
  });

  it("renders the blog again when the persona readers see changes, and only then", async () => {
    const { owner, blogId } = await ownerWithBlog();
    await owner.put(voicePath(blogId), { tone: "Warm", sourceNotes: ["A note."] });
    expect(changesOf(blogId)).toEqual([]);

    await owner.put(voicePath(blogId), { personaName: "Mara Quell", tone: "Warm" });
    expect(changesOf(blogId)).toEqual([{ full: true }]);
    // The style guide and the material are the writer's: nothing on the site changes.
    await owner.put(voicePath(blogId), { personaName: "Mara Quell", tone: "Dry" });
    expect(changesOf(blogId)).toEqual([{ full: true }]);
    await owner.put(voicePath(blogId), {
      personaName: "Mara Quell",
      personaLinks: ["https://example.org/mara"],
      tone: "Dry",
    });
    expect(changesOf(blogId)).toEqual([{ full: true }, { full: true }]);
    // Without a name no persona is shown: its removal is a change, its bio alone is not.
    await owner.put(voicePath(blogId), { personaBio: "Bio without a name." });
    expect(changesOf(blogId)).toHaveLength(3);
    await owner.put(voicePath(blogId), { personaBio: "Another bio, still no name." });
    expect(changesOf(blogId)).toHaveLength(3);
  });
});

describe("writerVoiceOf", () => {
  it("hands the writer the persona, style guide, examples as plain text and the material", async () => {
    const { owner, blogId } = await ownerWithBlog();
    expect(await writerVoiceOf(app().db, blogId)).toEqual({
      persona: null,
      tone: null,
      readingLevel: null,
      wordsToUse: [],
      wordsToAvoid: [],
      examples: [],
      material: { urls: [], notes: [] },
    });

    const photo = await uploadPhoto(owner, blogId);
    const long = `<h2>Why clay</h2><p>${"Clay holds water and food. ".repeat(80)}</p>`;
    const first = await createPublishedPost(owner, blogId, {
      title: "Clay, year one",
      content: "<p>We moved in <strong>March</strong>.</p><ul><li>Dug</li><li>Waited</li></ul>",
    });
    const second = await createPublishedPost(owner, blogId, { title: "Long one", content: long });
    await owner.put(voicePath(blogId), {
      personaName: "Mara Quell",
      personaBio: "Clay gardener.",
      personaLinks: ["https://example.org/mara"],
      personaPhotoId: photo.id,
      tone: "Warm",
      readingLevel: "Grade 8",
      wordsToUse: ["tilth"],
      wordsToAvoid: ["delve"],
      examplePostIds: [first.id, second.id],
      sourceUrls: ["https://example.org/soil-test"],
      sourceNotes: ["pH 7.8."],
    });
    const voice = await writerVoiceOf(app().db, blogId);
    expect(voice).toMatchObject({
      persona: {
        name: "Mara Quell",
        bio: "Clay gardener.",
        credentials: null,
        links: ["https://example.org/mara"],
        photoUrl: photo.src,
      },
      tone: "Warm",
      readingLevel: "Grade 8",
      wordsToUse: ["tilth"],
      wordsToAvoid: ["delve"],
      material: { urls: ["https://example.org/soil-test"], notes: ["pH 7.8."] },
    });
    expect(voice.examples[0]).toEqual({
      title: "Clay, year one",
      text: "We moved in March.\n\nDug\n\nWaited",
    });
    const cut = voice.examples[1]?.text ?? "";
    expect(voice.examples[1]?.title).toBe("Long one");
    expect(cut.startsWith("Why clay\n\nClay holds water and food.")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(1_500);
    expect(cut.length).toBeGreaterThan(1_400);
    expect(cut).toMatch(/ (Clay|holds|water|and|food\.)…$/);

    // An example unpublished since is left out; without a name there is no persona.
    expect((await owner.patch(`/api/posts/${first.id}/status`, { status: "draft" })).status).toBe(
      200,
    );
    await app()
      .db.update(blogVoices)
      .set({ personaName: null })
      .where(eq(blogVoices.blogId, blogId));
    const after = await writerVoiceOf(app().db, blogId);
    expect(after.persona).toBeNull();
    expect(after.examples.map((e) => e.title)).toEqual(["Long one"]);
    expect((await owner.get(voicePath(blogId))).body.examples).toEqual([
      { id: second.id, title: "Long one" },
    ]);
  });

  it("cuts text at a word, never inside a surrogate pair", () => {
    expect(cutAtWord("short", 10)).toBe("short");
    expect(cutAtWord("one two three four", 12)).toBe("one two…");
    expect(cutAtWord("abcdefghijklmnop", 8)).toBe("abcdefg…");
    expect(cutAtWord(`${"a".repeat(6)}🌱🌱`, 8)).toBe("aaaaaa…");
  });
});

describe("the persona on the public blog", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ publishing: true });
  });
  afterAll(() => site.close());

  const rendered = () => site.publishing?.queue.onIdle();
  async function file(blogId: string, path: string): Promise<string> {
    const dir = await site.publishing?.output.currentDir(blogId);
    if (!dir) throw new Error("the blog has not been rendered");
    return readFileSync(join(dir, path), "utf8");
  }
  const jsonLdOf = (html: string, type: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1] as string) as Record<string, unknown>)
      .filter((data) => data["@type"] === type);

  it("is the byline and the JSON-LD author, with the post's sources as citations", async () => {
    const owner = await createOwner(site);
    const blog = await createBlog(owner, "Clay Notes");
    const photo = await uploadPhoto(owner, blog.id);
    const faq =
      "<p>Clay is heavy.</p><h2>FAQ</h2><h3>Should I add sand?</h3><p>No: it sets like brick.</p>";
    const post = await createPublishedPost(owner, blog.id, {
      title: "Digging clay",
      content: `${faq}<p>It holds water.<sup><a href="https://soil.example/water">[1]</a></sup></p>`,
    });
    // As the writer stores them: every source, with the number readers see (null: not shown).
    await site.db.insert(postResearch).values({
      postId: post.id,
      sources: [
        { n: 2, url: "https://soil.example/unused", title: "Read, not cited", number: null },
        { n: 1, url: "https://soil.example/water", title: "Water in soils", number: 1, text: "…" },
        { n: 3, url: null, title: "Owner's note", number: null },
        { n: 4, url: 42, title: "Bad shape" },
        "not an object",
      ],
      citations: [],
      failures: [],
    });
    await rendered();
    const before = await file(blog.id, `post/${post.slug}.html`);
    expect(before).toContain('by <a rel="author" href="../author/clay-notes">Clay Notes</a>');

    const res = await owner.put(voicePath(blog.id), {
      personaName: "Mara Quell",
      personaBio: "Has gardened on clay for twenty years.",
      personaCredentials: "RHS Master Gardener",
      personaLinks: ["https://example.org/mara"],
      personaPhotoId: photo.id,
    });
    expect(res.status).toBe(200);
    await rendered();

    const page = await file(blog.id, `post/${post.slug}.html`);
    expect(page).toContain('by <a rel="author" href="../author/mara-quell">Mara Quell</a>');
    const [posting] = jsonLdOf(page, "BlogPosting");
    expect(posting?.author).toEqual({
      "@type": "Person",
      name: "Mara Quell",
      url: `http://localhost:3000/blog/clay-notes/author/mara-quell`,
      description: "Has gardened on clay for twenty years.",
      jobTitle: "RHS Master Gardener",
      sameAs: ["https://example.org/mara"],
      image: `http://localhost:3000/blog/clay-notes${photo.src}`,
    });
    expect(posting?.citation).toEqual([
      { "@type": "CreativeWork", url: "https://soil.example/water", name: "Water in soils" },
    ]);
    expect(jsonLdOf(page, "FAQPage")).toHaveLength(1);
    const authorPage = await file(blog.id, "author/mara-quell.html");
    expect(authorPage).toContain("Has gardened on clay for twenty years.");
    expect(authorPage).toContain('href="https://example.org/mara" rel="me noopener"');
    // The old author page went with the full render; the address answers the new one.
    expect((await site.client().get(`/blog/${blog.slug}/author/mara-quell`)).status).toBe(200);
    expect((await site.client().get(`/blog/${blog.slug}/author/clay-notes`)).status).toBe(404);

    // A post published later gets its citations in an incremental render, without a FAQPage.
    const later = await createPost(owner, blog.id, {
      title: "Roots in clay",
      content: '<p>Roots go deep.<sup><a href="https://roots.example/depth">[1]</a></sup></p>',
    });
    await site.db.insert(postResearch).values({
      postId: later.id,
      sources: [{ url: "https://roots.example/depth", title: "Root depth", number: 1 }],
      citations: [],
      failures: [],
    });
    for (const status of ["under_review", "published"])
      await owner.patch(`/api/posts/${later.id}/status`, { status });
    await rendered();
    const laterPage = await file(blog.id, `post/${later.slug}.html`);
    expect(jsonLdOf(laterPage, "BlogPosting")[0]?.citation).toEqual([
      { "@type": "CreativeWork", url: "https://roots.example/depth", name: "Root depth" },
    ]);
    expect(jsonLdOf(laterPage, "FAQPage")).toEqual([]);
  });
});
