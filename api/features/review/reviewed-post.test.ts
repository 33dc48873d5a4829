import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../../contracts/posts.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";

/* What readers see of a review (decision 371): the writer's byline, the reviewer named. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
});
afterAll(() => app.close());

const aiText =
  "<p>Rock pools hold a whole world at low tide. Anemones, crabs and small fish wait there for the sea to come back, and a patient visitor with a bucket can watch them for hours.</p>";

async function approved(
  writer: TestClient,
  editor: TestClient,
  blogId: string,
  fields: Record<string, unknown>,
) {
  const post = await createPost(writer, blogId, fields);
  expect(
    (await writer.patch(`/api/posts/${post.id}/status`, { status: "under_review" })).status,
  ).toBe(200);
  const res = await editor.post<Post>(`/api/posts/${post.id}/approve`, {});
  expect(res.status).toBe(200);
  return res.body;
}

describe("a reviewed post on the blog", () => {
  it("carries its writer's byline and names the editor who approved it", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Tidepool Journal");
    const editor = await createMember(app, blog.id, "editor");
    const writer = await createMember(app, blog.id, "writer");
    expect(
      (await writer.put(`/api/blogs/${blog.id}/authors/me`, { name: "Wes Writer" })).status,
    ).toBe(200);
    expect(
      (await editor.put(`/api/blogs/${blog.id}/authors/me`, { name: "Eddie Editor" })).status,
    ).toBe(200);

    const drafted = await approved(writer, editor, blog.id, {
      title: "Life in a rock pool",
      content: aiText,
      generatedByAi: true,
    });
    const written = await approved(writer, editor, blog.id, {
      title: "My first dive",
      content: "<p>I wrote this one myself, from my notes.</p>",
    });
    await app.publishing?.queue.onIdle();
    const dir = (await app.publishing?.output.currentDir(blog.id)) as string;
    const page = (post: Post) => readFileSync(join(dir, "post", `${post.slug}.html`), "utf8");

    const ai = page(drafted);
    expect(ai).toContain(">Wes Writer</a>");
    expect(ai).toMatch(/Reviewed by Eddie Editor and published on /);
    expect(ai).toContain('"reviewedBy":{"@type":"Person","name":"Eddie Editor"}');

    const own = page(written);
    expect(own).toContain(">Wes Writer</a>");
    expect(own).not.toContain("How this post was made");
    expect(own).toContain('"reviewedBy":{"@type":"Person","name":"Eddie Editor"}');
    expect(own).toContain('"author":{"@type":"Person","name":"Wes Writer"');
  });
});
