import { strToU8, zipSync } from "fflate";

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
