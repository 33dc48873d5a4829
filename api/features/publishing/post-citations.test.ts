import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postResearch } from "../../db/schema.ts";
import { createOwnerWithBlog, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { loadCitations } from "./post-citations.ts";

/**
 * The sources a snapshot reads for the posts' `citation` JSON-LD (decision 333), from
 * post_research.sources as stored, on SQLite and (TEST_DATABASE=postgres) on PostgreSQL.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const research = (postId: string, sources: unknown) =>
  app.db.insert(postResearch).values({ postId, sources, citations: [], failures: [] });

describe("loadCitations", () => {
  it("reads the shown sources with an address, in the readers' order, and skips every other shape", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const post = await createPublishedPost(owner, blogId);
    const plain = await createPublishedPost(owner, blogId);
    const draft = await createPost(owner, blogId);
    const other = await createOwnerWithBlog(app);
    const elsewhere = await createPublishedPost(other.owner, other.blogId);
    await research(post.id, [
      { n: 1, url: "https://b.example/second", title: "Second", number: 2, text: "x".repeat(5000) },
      { n: 2, url: "https://a.example/first", title: "First", number: 1 },
      { n: 3, url: "https://c.example/unused", title: "Not cited", number: null },
      { n: 4, url: null, title: "An owner's note", number: null },
      { n: 5, url: "ftp://d.example/file", title: "Not the web", number: 3 },
      { n: 6, url: 42, title: "A number for a url", number: 4 },
      { n: 7, url: "https://e.example/", title: { text: "an object" }, number: 5 },
      // An older shape without numbers: kept, after the numbered ones.
      { url: "https://f.example/older", title: "Older shape" },
      { url: "https://a.example/first", title: "Same address again", number: 6 },
      { url: "https://g.example/untitled", title: "  ", number: 7 },
      "a string",
      null,
      [1, 2],
    ]);
    await research(plain.id, { url: "https://h.example/", title: "Not a list" });
    await research(draft.id, [{ url: "https://i.example/", title: "A draft's", number: 1 }]);
    await research(elsewhere.id, [{ url: "https://j.example/", title: "Elsewhere", number: 1 }]);

    const expected = [
      { url: "https://a.example/first", name: "First" },
      { url: "https://b.example/second", name: "Second" },
      { url: "https://g.example/untitled", name: "g.example" },
      { url: "https://f.example/older", name: "Older shape" },
    ];
    const published = await loadCitations(app.db, blogId, "published");
    expect([...published]).toEqual([[post.id, expected]]);

    // Named posts (an incremental render, a preview): whatever their status or blog.
    const named = await loadCitations(app.db, blogId, [post.id, plain.id, draft.id, "missing"]);
    expect(named.get(post.id)).toEqual(expected);
    expect(named.get(draft.id)).toEqual([{ url: "https://i.example/", name: "A draft's" }]);
    expect(named.has(plain.id)).toBe(false);
    expect(await loadCitations(app.db, blogId, [])).toEqual(new Map());
  });
});
