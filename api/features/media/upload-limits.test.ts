import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import type { MediaItem } from "../../../contracts/media.ts";
import { createOwnerWithBlog } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { heldUpload } from "../../test/held-upload.ts";
import { makeImage, uploadFile } from "../../test/images.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const { uploadsPerHour, uploadsAtOnce } = ownerActionLimits;

/** A small JPEG of its own bytes per seed (the library stores equal bytes once). */
const smallImage = (seed: number) => makeImage({ width: 64, height: 48, seed });

const storedFiles = (blogId: string) => {
  try {
    return readdirSync(join(app.env.SITES_DIR, "media", blogId));
  } catch {
    return [];
  }
};

const library = async (owner: TestClient, blogId: string) =>
  (await owner.get<MediaItem[]>(`/api/blogs/${blogId}/media`)).body;

describe("uploads per owner (issue 29, finding 6)", () => {
  it(`counts every upload: after ${uploadsPerHour} in an hour the next is refused with 429 and stores nothing`, async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const first = await uploadFile(owner, blogId, await smallImage(1), "a.jpg");
    expect(first.status).toBe(201);
    // Empty files are refused (400) but count like any upload: the limit is on attempts.
    for (let i = 1; i < uploadsPerHour; i++) {
      const res = await uploadFile(owner, blogId, new Uint8Array(0), `empty-${i}.jpg`);
      expect(res.status).toBe(400);
    }
    const filesBefore = storedFiles(blogId).sort();

    const refused = await uploadFile(owner, blogId, await smallImage(2), "b.jpg");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "rate_limited",
      message: `You can upload at most ${uploadsPerHour} images an hour. Try again later.`,
    });
    expect((await library(owner, blogId)).map((item) => item.fileName)).toEqual(["a.jpg"]);
    expect(storedFiles(blogId).sort()).toEqual(filesBefore);

    // Another owner is not held back.
    const other = await createOwnerWithBlog(app);
    const theirs = await uploadFile(other.owner, other.blogId, await smallImage(2), "b.jpg");
    expect(theirs.status).toBe(201);
  });

  it(`takes at most ${uploadsAtOnce} uploads of one owner at once; the rest are refused at once`, async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const images = await Promise.all(
      Array.from({ length: uploadsAtOnce + 2 }, (_, i) => smallImage(10 + i)),
    );
    const held = images.map((bytes, i) => heldUpload(owner, blogId, bytes, `held-${i}.jpg`));
    const message = `You can upload at most ${uploadsAtOnce} images at once. Wait for one to finish, then send the next.`;

    // Whichever arrive first hold their places; the others are answered without being read.
    const settled = await Promise.all(held.map((upload) => upload.answerWithin(1500)));
    const answered = settled.filter((answer) => answer !== null);
    expect(answered).toEqual(
      Array(2).fill({ status: 429, body: JSON.stringify({ code: "rate_limited", message }) }),
    );
    const inProgress = held.filter((_, i) => settled[i] === null);
    expect(inProgress).toHaveLength(uploadsAtOnce);

    // While they are in progress, one more is refused and stores nothing; another owner's is not.
    const more = await uploadFile(owner, blogId, await smallImage(30), "m.jpg");
    expect(more.status).toBe(429);
    expect(more.body).toEqual({ code: "rate_limited", message });
    const other = await createOwnerWithBlog(app);
    const theirs = await uploadFile(other.owner, other.blogId, await smallImage(30), "m.jpg");
    expect(theirs.status).toBe(201);
    expect(await library(owner, blogId)).toEqual([]);

    // One finishes: stored, and its place is free for the next upload.
    const [done, ...rest] = inProgress as [(typeof inProgress)[number], ...typeof inProgress];
    done.finish();
    expect((await done.answer).status).toBe(201);
    const next = await uploadFile(owner, blogId, await smallImage(31), "n.jpg");
    expect(next.status).toBe(201);

    // The client going away frees the places of uploads it had not finished sending.
    for (const upload of rest) upload.abort();
    await vi.waitFor(
      async () => {
        const probes = images
          .slice(0, uploadsAtOnce)
          .map((bytes, i) => heldUpload(owner, blogId, bytes, `probe-${i}.jpg`));
        const answers = await Promise.all(probes.map((probe) => probe.answerWithin(300)));
        for (const probe of probes) probe.abort();
        expect(answers).toEqual(Array(uploadsAtOnce).fill(null));
      },
      { timeout: 5000, interval: 100 },
    );
    expect((await library(owner, blogId)).map((item) => item.fileName).sort()).toEqual(
      [`held-${held.indexOf(done)}.jpg`, "n.jpg"].sort(),
    );
  });
});
