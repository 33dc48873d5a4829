import { describe, expect, it } from "vitest";
import { enhanceContentImages, imageSizes, pictureHtml, type ThemeImage } from "./images.ts";

const hash = "0123456789abcdef0123456789abcdef";
const image: ThemeImage = {
  hash,
  alt: "Library alt",
  width: 1600,
  height: 900,
  variants: [
    ...[480, 960, 1600].flatMap((width) =>
      (["avif", "webp"] as const).map((format) => ({
        format,
        width,
        height: Math.round((width * 9) / 16),
        file: `${hash}-${width}.${format}`,
        bytes: 1,
      })),
    ),
    { format: "jpeg", width: 1600, height: 900, file: `${hash}-1600.jpg`, bytes: 1 },
  ],
};
const library = new Map([[hash, image]]);

describe("pictureHtml", () => {
  it("writes AVIF and WebP srcsets, sizes, the fallback with its size, relative to the page", () => {
    const html = pictureHtml(image, { from: "/post/x", sizes: imageSizes.post, first: false });
    expect(html).toBe(
      `<picture><source type="image/avif" srcset="../media/${hash}-480.avif 480w, ../media/${hash}-960.avif 960w, ../media/${hash}-1600.avif 1600w" sizes="${imageSizes.post}">` +
        `<source type="image/webp" srcset="../media/${hash}-480.webp 480w, ../media/${hash}-960.webp 960w, ../media/${hash}-1600.webp 1600w" sizes="${imageSizes.post}">` +
        `<img src="../media/${hash}-1600.jpg" alt="Library alt" width="1600" height="900" loading="lazy" decoding="async"></picture>`,
    );
  });

  it("loads the page's first image at once, and escapes alt text", () => {
    const html = pictureHtml(image, {
      from: "/",
      sizes: "100vw",
      first: true,
      alt: 'A "quote" & <tag>',
    });
    expect(html).toContain('srcset="./media/');
    expect(html).toContain('alt="A &quot;quote&quot; &amp; &lt;tag&gt;"');
    expect(html).toContain('loading="eager" fetchpriority="high"');
  });
});

describe("enhanceContentImages", () => {
  it("turns library images into pictures (their own alt first) and lazy-loads the others", () => {
    const html =
      `<p>a</p><img src="/media/${hash}-1600.jpg" alt="Own alt"><img src="https://x.test/a.png" alt="Far">` +
      `<img alt="" src="/media/${hash}-960.webp"><img src="/media/ffffffffffffffffffffffffffffffff-480.jpg" alt="Gone">`;
    const out = enhanceContentImages(html, library, { from: "/post/x", first: true });
    const pictures = out.match(/<picture>.*?<\/picture>/g) ?? [];
    expect(pictures).toHaveLength(2);
    expect(pictures[0]).toContain(
      'alt="Own alt" width="1600" height="900" loading="eager" fetchpriority="high"',
    );
    expect(pictures[1]).toContain('alt="Library alt"');
    expect(pictures[1]).toContain('loading="lazy"');
    expect(out).toContain('<img loading="lazy" src="https://x.test/a.png" alt="Far">');
    // An address of an image the library no longer has stays as written, lazily loaded.
    expect(out).toContain(
      '<img loading="lazy" src="/media/ffffffffffffffffffffffffffffffff-480.jpg"',
    );
    expect(out.startsWith("<p>a</p><picture>")).toBe(true);
  });

  it("leaves HTML without images alone", () => {
    expect(enhanceContentImages("<p>text</p>", library, { from: "/post/x", first: true })).toBe(
      "<p>text</p>",
    );
  });
});
