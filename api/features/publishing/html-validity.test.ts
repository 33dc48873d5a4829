import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTheme, type Theme } from "../../../site-builder/pipeline/theme.ts";
import type { ThemeImage } from "../../../site-builder/theme/lib/images.ts";
import { buildSite, type Site } from "../../../site-builder/theme/lib/site.ts";
import { sanitizePostHtml } from "../../content/sanitize.ts";

/**
 * Every kind of public page, checked by the W3C Nu HTML checker (vnu.jar, run with the
 * machine's Java): errors 0.
 */
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
const run = promisify(execFile);

let theme: Theme;
let dir: string;
let site: Site;
/** A media library image (issue 17): its `<picture>` on cards, the post page and in the text. */
const hash = "0123456789abcdef0123456789abcdef";
const picture: ThemeImage = {
  hash,
  alt: "Tomatoes on the vine",
  width: 960,
  height: 640,
  variants: [
    ...[480, 960].flatMap((width) =>
      (["avif", "webp"] as const).map((format) => ({
        format,
        width,
        height: (width * 2) / 3,
        file: `${hash}-${width}.${format}`,
        bytes: 1000,
      })),
    ),
    { format: "jpeg", width: 960, height: 640, file: `${hash}-960.jpg`, bytes: 2000 },
  ],
};
beforeAll(async () => {
  theme = await loadTheme();
  dir = mkdtempSync(join(tmpdir(), "blogfleet-vnu-"));
  const body = sanitizePostHtml(
    `<h2>Soil & compost</h2><p>Rich <strong>loam</strong>, <em>mulch</em> and <a href="https://example.com">links</a>.</p>
     <ul><li>One</li><li>Two</li></ul><pre><code>const x = 1 &lt; 2;</code></pre>
     <table><thead><tr><th>Crop</th><th>Days</th></tr></thead><tbody><tr><td>Tomato</td><td>60</td></tr></tbody></table>
     <blockquote><p>Quote</p></blockquote><img src="https://example.com/a.jpg" alt="A bed"><script>alert(1)</script>
     <aside data-block="product-box" data-rating="4.5"><img src="https://example.com/bin.jpg" alt="Bin"><p data-part="name">Hot Bin</p><p data-part="description">Fast.</p><p data-part="rating">Rating: 4.5 out of 5</p><p data-part="button"><a href="https://shop.example/bin" data-affiliate-link="l1" rel="sponsored noopener">Check price</a></p></aside>
     <p data-block="cta"><a data-affiliate-link="l2">No link chosen yet</a></p>
     <div data-block="pros-cons"><div data-part="pros"><p data-part="title">Pros</p><ul><li>Fast</li></ul></div><div data-part="cons"><p data-part="title">Cons</p><ul></ul></div></div>
     <p><img src="/media/${hash}-960.jpg" alt="Raised beds in June"></p>`,
  );
  site = buildSite({
    blog: {
      id: "b1",
      name: "Garden & Table",
      description: "Growing <food> at home",
      slug: "garden",
      primaryColor: "#059669",
      fontFamily: "Georgia",
      logoUrl: "https://example.com/logo.png",
      author: { name: "Ada Lovelace", slug: "ada-lovelace", bio: "Grows <things> & writes" },
      aiDisclosure: true,
      subscribe: true,
    },
    canonicalBase: "https://garden.example.com",
    categories: [
      { id: "c1", name: "Vegetables", slug: "vegetables", parentId: null },
      { id: "c2", name: "Tomatoes", slug: "tomatoes", parentId: "c1" },
    ],
    posts: Array.from({ length: 45 }, (_, i) => ({
      id: `p${i}`,
      slug: `post-${i}`,
      title: `Post "${i}" <about> soil`,
      excerpt: `Excerpt ${i} & more`,
      html: body,
      publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      updatedAt: new Date(Date.UTC(2026, 0, 2 + i)),
      categoryId: i % 2 ? "c2" : "c1",
      keywords: ["soil", "compost"],
      metaTitle: null,
      metaDescription: null,
      aiAssisted: i % 3 === 0,
      ...(i % 2 === 0 ? { featureImage: picture } : {}),
    })),
    media: new Map([[hash, picture]]),
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("public pages", () => {
  it("are valid HTML", async () => {
    const pages: [string, Site | undefined][] = [
      ["/", site],
      ["/page/1", site],
      ["/post/post-3", site],
      ["/post/post-4", site],
      ["/category/vegetables", site],
      ["/category/tomatoes", site],
      ["/post/missing", site],
      ["/subscribe", site],
      ["/privacy", site],
      ["/", undefined],
    ];
    const files: string[] = [];
    for (const [index, [path, data]] of pages.entries()) {
      const page = await theme.render(data, path, { homeHref: "/" });
      if (path === "/post/post-4") expect(String(page.body).match(/<picture/g)).toHaveLength(2);
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, page.body);
      files.push(file);
    }
    const result = await run(
      "java",
      ["-jar", vnuJar, "--format", "json", "--errors-only", "--exit-zero-always", ...files],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const { messages } = JSON.parse(result.stderr || result.stdout) as {
      messages: { type: string; message: string; url: string; lastLine?: number }[];
    };
    const errors = messages
      .filter((m) => m.type === "error")
      .map((m) => `${m.url.split("/").at(-1)}:${m.lastLine} ${m.message}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
