import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../../contracts/posts.ts";
import { first } from "../../db/query.ts";
import { posts } from "../../db/schema.ts";
import { createBlog, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { stillAiAssisted } from "./ai-disclosure.ts";
import { insertGeneratedPost } from "./commands/insert-generated-post.ts";
import { markPostAiGenerated } from "./commands/mark-post-ai-generated.ts";

const generated =
  "<h2>Why compost</h2><p>Compost turns kitchen scraps into food for the soil. A simple heap of leaves, peelings and coffee grounds, turned every few weeks, becomes dark crumbly humus within a season.</p><p>Keep it as damp as a wrung-out sponge and give it air, and the microbes do the rest of the work for you.</p>";

describe("stillAiAssisted", () => {
  it("holds while most of the current text is the AI's, however much was cut", () => {
    expect(stillAiAssisted(generated, generated)).toBe(true);
    const firstParagraphOnly = generated.slice(0, generated.indexOf("</p>") + 4);
    expect(stillAiAssisted(generated, firstParagraphOnly)).toBe(true);
    // A sentence of the owner's own added: still mostly generated.
    expect(
      stillAiAssisted(generated, `${generated}<p>I add mine to the heap on Sundays.</p>`),
    ).toBe(true);
  });

  it("ends once the owner's own text is most of the post", () => {
    const own =
      "<p>My grandmother kept three bins behind the shed and swore by eggshells and nettles. I have tried her way for two summers now: the tomatoes liked it, the slugs liked it more, and the neighbours complained about the smell only once, in August, after the rain.</p><p>This year I moved the bins into the shade and started adding cardboard, which seems to keep the flies away.</p>";
    expect(stillAiAssisted(generated, own)).toBe(false);
    expect(stillAiAssisted(generated, `${generated}${own}${own.replace(/the/g, "a")}`)).toBe(false);
  });

  it("compares short texts word by word, and an empty post is not AI text", () => {
    expect(stillAiAssisted("<p>Compost feeds the soil.</p>", "<p>Compost feeds soil.</p>")).toBe(
      true,
    );
    expect(stillAiAssisted("<p>Compost feeds the soil.</p>", "<p>My own words here.</p>")).toBe(
      false,
    );
    expect(stillAiAssisted(generated, "")).toBe(false);
  });
});

let app: TestApp;
let owner: TestClient;
let blogId: string;
beforeAll(async () => {
  app = await startTestApp();
  owner = await createOwner(app);
  blogId = (await createBlog(owner)).id;
});
afterAll(() => app.close());

describe("posts filled by 'Generate with AI'", () => {
  it("records the AI text when the editor says so on create, and nothing otherwise", async () => {
    const ai = await createPost(owner, blogId, { content: generated, generatedByAi: true });
    expect(ai.aiAssisted).toBe(true);
    const row = await first(app.db.select().from(posts).where(eq(posts.id, ai.id)));
    expect(row?.aiText).toBe(generated);

    const plain = await createPost(owner, blogId, { content: generated });
    expect(plain.aiAssisted).toBe(false);
    const unflagged = await createPost(owner, blogId, { content: generated, generatedByAi: false });
    expect(unflagged.aiAssisted).toBe(false);
  });

  it("records it on an update too (the editor generated into a saved post) and follows later edits", async () => {
    const post = await createPost(owner, blogId, { content: "<p>Notes.</p>" });
    const filled = await owner.patch<Post>(`/api/posts/${post.id}`, {
      content: generated,
      generatedByAi: true,
    });
    expect(filled.body.aiAssisted).toBe(true);

    const tweaked = await owner.patch<Post>(`/api/posts/${post.id}`, {
      content: generated.replace("Why compost", "Why I compost"),
    });
    expect(tweaked.body.aiAssisted).toBe(true);

    const rewritten = await owner.patch<Post>(`/api/posts/${post.id}`, {
      content:
        "<p>Everything here is mine now: I threw the draft away and wrote about the three bins behind my shed, the eggshells, the nettles and the summer the slugs won.</p>",
    });
    expect(rewritten.body.aiAssisted).toBe(false);
    // A title change does not bring the note back.
    const retitled = await owner.patch<Post>(`/api/posts/${post.id}`, { title: "Bins" });
    expect(retitled.body.aiAssisted).toBe(false);
  });

  it("refuses a flag that is not a boolean, with the other problems listed too", async () => {
    const res = await owner.post("/api/posts", {
      blogId,
      title: "",
      generatedByAi: "yes",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: "title", message: "Title is required" },
        { path: "generatedByAi", message: "generatedByAi must be true or false" },
      ]),
    );
    const post = await createPost(owner, blogId);
    const patch = await owner.patch(`/api/posts/${post.id}`, { generatedByAi: 1 });
    expect(patch.status).toBe(400);
    expect(patch.body.issues.map((i: { path: string }) => i.path)).toEqual(["generatedByAi"]);
  });

  it("markPostAiGenerated lets automation mark a post it filled", async () => {
    const post = await createPost(owner, blogId, { content: generated });
    expect(await markPostAiGenerated(app.db, post.id, generated)).toBe(true);
    expect((await owner.get<Post>(`/api/posts/${post.id}`)).body.aiAssisted).toBe(true);

    const own = await createPost(owner, blogId, {
      content:
        "<p>A long post I wrote myself about the allotment, the rain, the shed roof that leaks and the fox that sleeps under it every afternoon.</p>",
    });
    expect(await markPostAiGenerated(app.db, own.id, generated)).toBe(false);
    await expect(markPostAiGenerated(app.db, "nope", generated)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("posts written by content automation are AI-assisted from the start", async () => {
    const author = (await owner.get<{ id: string }>("/api/auth/user")).body;
    const row = await insertGeneratedPost(app.db, {
      blogId,
      authorId: author.id,
      title: "Automated compost guide",
      content: generated,
      metaTitle: "Compost",
      metaDescription: "Compost guide",
      keywords: [],
      source: "offline",
      now: new Date(),
    });
    expect(row.aiAssisted).toBe(true);
    expect(row.aiText).toBe(generated);
  });
});
