import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { strToU8, zipSync } from "fflate";
import type { Blog } from "../../contracts/blogs.ts";
import type { ImportJob } from "../../contracts/imports.ts";
import { createBlog } from "./factories.ts";
import type { TestApp, TestClient } from "./harness.ts";

/** A file of the shared fixtures: real exports of other platforms. */
export const sharedFixture = (path: string) => readFileSync(resolve("../shared/fixtures", path));

/** Uploads `file` (named `name`) as an import, waits for the import to end, and answers the job. */
export async function importFile(
  app: TestApp,
  owner: TestClient,
  blogId: string,
  file: Uint8Array,
  name: string,
): Promise<ImportJob> {
  const started = await owner.request<ImportJob>("POST", `/api/blogs/${blogId}/imports`, {
    raw: file,
    headers: { "x-file-name": encodeURIComponent(name) },
  });
  if (started.status !== 202) throw new Error(`import refused: ${started.status} ${started.text}`);
  await app.imports.idle();
  return (await owner.get<ImportJob>(`/api/imports/${started.body.id}`)).body;
}

/** A new blog named `name` with the shared fixture `path` imported into it (the import succeeded). */
export async function blogFromImport(
  app: TestApp,
  owner: TestClient,
  name: string,
  path: string,
  fileName: string,
): Promise<Blog> {
  const blog = await createBlog(owner, name);
  const job = await importFile(app, owner, blog.id, sharedFixture(path), fileName);
  if (job.status !== "succeeded") throw new Error(`import ${job.status}: ${JSON.stringify(job)}`);
  return blog;
}

/** A Markdown zip of `n` posts, each naming one image (`p{i}.jpg`). */
export const manyPosts = (n: number) =>
  zipSync(
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `post-${String(i).padStart(2, "0")}.md`,
        strToU8(
          `---\ntitle: Post ${i}\n---\n![photo](http://images.invalid/p${i}.jpg)\n\nText ${i}.\n`,
        ),
      ]),
    ),
  );

/**
 * Holds an import at the image whose address ends with `suffix`: `hold(url)` in an image
 * importer waits there until `release()`; `reached` resolves once the import got there.
 */
export function imageHold(suffix: string) {
  let reach: () => void = () => {};
  let release: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    reached,
    release: () => release(),
    async hold(url: string) {
      if (!url.endsWith(suffix)) return;
      reach();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}
