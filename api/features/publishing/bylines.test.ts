import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorProfile } from "../../../contracts/authors.ts";
import type { Blog } from "../../../contracts/blogs.ts";
import type { MediaItem } from "../../../contracts/media.ts";
import type { Post } from "../../../contracts/posts.ts";
import { posts } from "../../db/schema.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";

/**
 * Bylines of people (issue 35 item 4, decision 368), rendered: each post shows its own
 * author, each author with published posts has a page listing only their posts with a
 * schema.org Person, the blog's author keeps imported and AI-written posts, and a persona names
 * the person who answers for it.
 */
let app: TestApp;
let owner: TestClient;
let editor: TestClient;
let writer: TestClient;
let blog: Blog;
let photo: MediaItem;
let editorsPost: Post;
let writersPost: Post;
let ownersPost: Post;
let aiPost: Post;
let writerSlug: string;

const base = () => `http://localhost:3000/blog/${blog.slug}`;
const rendered = () => app.publishing?.queue.onIdle();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

async function siteFiles(): Promise<Map<string, string>> {
  const dir = await app.publishing?.output.currentDir(blog.id);
  if (!dir) throw new Error("the blog has not been rendered");
  return new Map(filesUnder(dir).map((file) => [relative(dir, file), readFileSync(file, "utf8")]));
}

/** The JSON-LD blocks of a page, by @type. */
function jsonLd(html: string, type: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
  const found = blocks.find((block) => block["@type"] === type);
  if (!found) throw new Error(`no ${type} in the page`);
  return found;
}

/** Through review to published: `author` writes and submits, `publisher` publishes. */
async function publishedBy(author: TestClient, publisher: TestClient, title: string) {
  const post = await createPost(author, blog.id, { title, content: `<p>${title} text.</p>` });
  const submit = await author.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
  expect(submit.status).toBe(200);
  const publish = await publisher.patch(`/api/posts/${post.id}/status`, { status: "published" });
  expect(publish.status).toBe(200);
  return (await publisher.get<Post>(`/api/posts/${post.id}`)).body;
}

const idOf = async (client: TestClient) =>
  (await client.get<{ id: string }>("/api/auth/user")).body.id;

beforeAll(async () => {
  app = await startTestApp({ publishing: true });
  owner = await createOwner(app, "bylines.owner@example.com");
  blog = await createBlog(owner, "Clay Garden");
  editor = await createMember(app, blog.id, "editor");
  writer = await createMember(app, blog.id, "writer");
  const upload = await uploadFile(
    editor,
    blog.id,
    await makeImage({ width: 300, height: 300, seed: 7 }),
    "eda.jpg",
    "image/jpeg",
  );
  photo = upload.body as MediaItem;
  const profile = await editor.put<AuthorProfile>(`/api/blogs/${blog.id}/authors/me`, {
    name: "Eda Stone",
    bio: "Edits the clay beds.",
    photoId: photo.id,
    links: ["https://social.example/@eda"],
  });
  expect(profile.status).toBe(200);
  // The writer has no profile on this blog: their account's public name is the byline.
  await writer.patch("/api/auth/profile", { displayName: "Wren Hale" });
  writerSlug = `wren-hale-${(await idOf(writer)).slice(0, 6)}`;

  editorsPost = await publishedBy(editor, editor, "Mulching in May");
  writersPost = await publishedBy(writer, owner, "Worms and clay");
  ownersPost = await publishedBy(owner, owner, "Why we garden");
  aiPost = await publishedBy(editor, editor, "Ten facts about loam");
  // Written by the AI writer (not a person): the blog's author shows it.
  await app.db.update(posts).set({ source: "ai" }).where(eq(posts.id, aiPost.id));
  await owner.patch(`/api/blogs/${blog.id}/customization`, { aiDisclosure: true });
  await rendered();
});
afterAll(() => app.close());

describe("bylines of people", () => {
  it("shows each post's own author in its byline, author box and JSON-LD", async () => {
    const files = await siteFiles();
    const eda = files.get(`post/${editorsPost.slug}.html`) ?? "";
    expect(eda).toContain('by <a rel="author" href="../author/eda-stone">Eda Stone</a>');
    expect(eda).toContain('<p class="author-bio">Edits the clay beds.</p>');
    expect(jsonLd(eda, "BlogPosting").author).toEqual({
      "@type": "Person",
      name: "Eda Stone",
      url: `${base()}/author/eda-stone`,
      description: "Edits the clay beds.",
      sameAs: ["https://social.example/@eda"],
      image: expect.stringMatching(new RegExp(`^${base()}/media/.+\\.(jpg|png)$`)),
    });

    const wren = files.get(`post/${writersPost.slug}.html`) ?? "";
    expect(wren).toContain(`by <a rel="author" href="../author/${writerSlug}">Wren Hale</a>`);
    expect(wren).not.toContain("Eda Stone");
    expect(jsonLd(wren, "BlogPosting").author).toEqual({
      "@type": "Person",
      name: "Wren Hale",
      url: `${base()}/author/${writerSlug}`,
    });

    // The owner has no profile and the blog no persona: the blog's name, as before teams.
    const own = files.get(`post/${ownersPost.slug}.html`) ?? "";
    expect(own).toContain('by <a rel="author" href="../author/clay-garden">Clay Garden</a>');
    const ai = files.get(`post/${aiPost.slug}.html`) ?? "";
    expect(ai).toContain('by <a rel="author" href="../author/clay-garden">Clay Garden</a>');
    expect(files.get("rss.xml")).toContain("<dc:creator>Eda Stone</dc:creator>");
    expect(files.get("rss.xml")).toContain("<dc:creator>Wren Hale</dc:creator>");
    // Never an e-mail.
    for (const [name, text] of files) expect(text, name).not.toContain("@example.com");
  });

  it("gives each author a page listing only their posts, with a Person in its JSON-LD, in the sitemap", async () => {
    const files = await siteFiles();
    const eda = files.get("author/eda-stone.html") ?? "";
    expect(eda).toContain("Posts by Eda Stone");
    expect(eda).toContain("Mulching in May");
    expect(eda).not.toContain("Worms and clay");
    expect(eda).not.toContain("Why we garden");
    expect(eda).not.toContain("Ten facts about loam");
    expect(jsonLd(eda, "ProfilePage").mainEntity).toMatchObject({
      "@type": "Person",
      name: "Eda Stone",
      sameAs: ["https://social.example/@eda"],
      image: expect.stringContaining("/media/"),
    });

    const wren = files.get(`author/${writerSlug}.html`) ?? "";
    expect(wren).toContain("Worms and clay");
    expect(wren).not.toContain("Mulching in May");
    expect(jsonLd(wren, "ProfilePage").mainEntity).toMatchObject({ name: "Wren Hale" });

    const blogAuthor = files.get("author/clay-garden.html") ?? "";
    expect(blogAuthor).toContain("Why we garden");
    expect(blogAuthor).toContain("Ten facts about loam");
    expect(blogAuthor).not.toContain("Mulching in May");
    expect(blogAuthor).not.toContain("Worms and clay");

    const sitemap = files.get("sitemap.xml") ?? "";
    for (const slug of ["eda-stone", writerSlug, "clay-garden"]) {
      expect(sitemap).toContain(`<loc>${base()}/author/${slug}</loc>`);
    }
    // Served to readers; an author without posts has no page.
    const served = await app.client().get(`/blog/${blog.slug}/author/eda-stone`);
    expect(served.status).toBe(200);
    expect(served.text).toContain("Mulching in May");
    expect((await app.client().get(`/blog/${blog.slug}/author/${writerSlug}`)).status).toBe(200);
    expect((await app.client().get(`/blog/${blog.slug}/author/nobody`)).status).toBe(404);
    expect((await app.client().get(`/blog/${blog.slug}/author/eda-stone/page/1`)).status).toBe(404);
  });

  it("shows a new post on its author's page only, and a changed profile on every page", async () => {
    const second = await publishedBy(writer, editor, "Clay in winter");
    await rendered();
    let files = await siteFiles();
    expect(files.get(`author/${writerSlug}.html`)).toContain("Clay in winter");
    expect(files.get("author/eda-stone.html")).not.toContain("Clay in winter");

    const res = await writer.put(`/api/blogs/${blog.id}/authors/me`, { name: "Wren H." });
    expect(res.status).toBe(200);
    await rendered();
    files = await siteFiles();
    expect(files.get(`post/${second.slug}.html`)).toContain(
      'by <a rel="author" href="../author/wren-h">Wren H.</a>',
    );
    expect(files.get("author/wren-h.html")).toContain("Worms and clay");
    expect(files.has(`author/${writerSlug}.html`)).toBe(false);
  });

  it("names the person who answers for a persona on its page and in the JSON-LD of its posts", async () => {
    const set = await owner.put(`/api/blogs/${blog.id}/voice`, {
      personaName: "Mara Quell",
      personaResponsibleUserId: await idOf(editor),
    });
    expect(set.status).toBe(200);
    await rendered();
    const files = await siteFiles();

    // The AI-written post and the owner's (no profile of their own) are the persona's.
    const ai = files.get(`post/${aiPost.slug}.html`) ?? "";
    expect(ai).toContain('by <a rel="author" href="../author/mara-quell">Mara Quell</a>');
    const article = jsonLd(ai, "BlogPosting");
    expect(article.author).toMatchObject({ "@type": "Person", name: "Mara Quell" });
    expect(article.accountablePerson).toEqual({
      "@type": "Person",
      name: "Eda Stone",
      url: `${base()}/author/eda-stone`,
    });
    expect(files.get(`post/${ownersPost.slug}.html`)).toContain(">Mara Quell</a>");
    // A person's post keeps its person.
    const eda = files.get(`post/${editorsPost.slug}.html`) ?? "";
    expect(eda).toContain(">Eda Stone</a>");
    expect(jsonLd(eda, "BlogPosting").accountablePerson).toBeUndefined();

    const persona = files.get("author/mara-quell.html") ?? "";
    expect(persona).toContain('Responsible editor: <a href="../author/eda-stone">Eda Stone</a>');
    expect(persona).toContain("Ten facts about loam");
    expect(persona).not.toContain("Mulching in May");
    expect(jsonLd(persona, "ProfilePage").accountablePerson).toEqual({
      "@type": "Person",
      name: "Eda Stone",
      url: `${base()}/author/eda-stone`,
    });

    // Without a choice the owner answers for it, by their public name.
    await owner.patch("/api/auth/profile", { displayName: "Olive Root" });
    await owner.put(`/api/blogs/${blog.id}/voice`, { personaName: "Mara Quell" });
    await rendered();
    const after = (await siteFiles()).get("author/mara-quell.html") ?? "";
    expect(after).toContain("Responsible editor: Olive Root");
    expect(jsonLd(after, "ProfilePage").accountablePerson).toEqual({
      "@type": "Person",
      name: "Olive Root",
    });
  });
});
