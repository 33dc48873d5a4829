import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaItem } from "../../../contracts/media.ts";
import { createBlog, createMember, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";

/* The media library by role on a blog's team (decision 367). */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
});
afterAll(() => app.close());

async function upload(who: TestClient, blogId: string, name: string, width: number) {
  const res = await uploadFile(
    who,
    blogId,
    await makeImage({ width, height: 40, format: "png", seed: width }),
    name,
    "image/png",
  );
  expect(res.status).toBe(201);
  return res.body as MediaItem;
}

const names = async (who: TestClient, blogId: string) => {
  const res = await who.get<MediaItem[]>(`/api/blogs/${blogId}/media`);
  expect(res.status).toBe(200);
  return res.body.map((item) => item.fileName).sort();
};

describe("the media library by role", () => {
  it("shows a contributor their own uploads only, and the rest of the team the whole library", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const editor = await createMember(app, blog.id, "editor");
    const writer = await createMember(app, blog.id, "writer");
    const contributor = await createMember(app, blog.id, "contributor");
    const ownersImage = await upload(owner, blog.id, "owner.png", 64);
    const writersImage = await upload(writer, blog.id, "writer.png", 65);
    const contributorsImage = await upload(contributor, blog.id, "contributor.png", 66);

    const everything = ["contributor.png", "owner.png", "writer.png"];
    expect(await names(owner, blog.id)).toEqual(everything);
    expect(await names(editor, blog.id)).toEqual(everything);
    expect(await names(writer, blog.id)).toEqual(everything);
    expect(await names(contributor, blog.id)).toEqual(["contributor.png"]);

    const media = (item: MediaItem) => `/api/blogs/${blog.id}/media/${item.id}`;
    const hidden = await contributor.get(media(ownersImage));
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ message: "Image not found" });
    expect((await contributor.patch(media(ownersImage), { alt: "Mine now" })).status).toBe(404);
    expect((await contributor.delete(media(ownersImage))).status).toBe(404);

    // Writers use the library but change only their own images; editors change any.
    expect((await writer.get(media(ownersImage))).status).toBe(200);
    const refused = await writer.patch(media(ownersImage), { alt: "A writer's alt" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "role_forbidden" });
    expect((await writer.delete(media(ownersImage))).status).toBe(403);
    expect((await writer.patch(media(writersImage), { alt: "A kettle" })).status).toBe(200);
    expect((await contributor.patch(media(contributorsImage), { alt: "A cup" })).status).toBe(200);
    expect((await editor.patch(media(ownersImage), { alt: "A harbour" })).status).toBe(200);
    expect((await contributor.delete(media(contributorsImage))).status).toBe(204);
    expect((await editor.delete(media(writersImage))).status).toBe(204);
    expect(await names(owner, blog.id)).toEqual(["owner.png"]);
    const kept = await owner.get<MediaItem>(media(ownersImage));
    expect(kept.body.alt).toBe("A harbour");
  });

  it("answers a member of another blog 404, as a missing blog", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const image = await upload(owner, blog.id, "owner.png", 64);
    const outsider = await createMember(
      app,
      (await createBlog(await createOwner(app))).id,
      "editor",
    );
    expect((await outsider.get(`/api/blogs/${blog.id}/media`)).status).toBe(404);
    expect((await outsider.get(`/api/blogs/${blog.id}/media/${image.id}`)).status).toBe(404);
    const bytes = await makeImage({ width: 70, height: 40, format: "png" });
    expect((await uploadFile(outsider, blog.id, bytes, "x.png", "image/png")).status).toBe(404);
  });
});
