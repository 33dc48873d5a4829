import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { pageSkipReason } from "../../../contracts/imports.ts";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { cleanWordPressContent, imageUrlsOf } from "./clean-content.ts";
import { parseFrontMatter, writeFrontMatter } from "./front-matter.ts";
import { ghostGalleries, parseGhost } from "./ghost.ts";
import { decodeEntities, pathOfOldUrl } from "./source.ts";
import { parseWordPress } from "./wordpress.ts";

/** The platforms' own export files (never copied into the repository). */
const fixture = (path: string) => readFileSync(resolve("../shared/fixtures", path));

/** The figures directly inside a gallery figure of sanitized HTML, by their images' `alt`. */
function galleryTiles(html: string): string[][] {
  const galleries =
    html.match(
      /<figure>\s*(?:<figure>[\s\S]*?<\/figure>\s*)+(?:<figcaption>[\s\S]*?<\/figcaption>)?\s*<\/figure>/g,
    ) ?? [];
  return galleries.map((gallery) =>
    [...gallery.replace(/^<figure>/, "").matchAll(/<figure>([\s\S]*?)<\/figure>/g)].map(
      (tile) => /alt="([^"]*)"/.exec(tile[1] ?? "")?.[1] ?? "",
    ),
  );
}

describe("cleanWordPressContent", () => {
  it("removes block comments and keeps the markup", () => {
    expect(
      cleanWordPressContent(
        '<!-- wp:paragraph {"align":"center"} -->\n<p>Hi</p>\n<!-- /wp:paragraph -->\n<!-- wp:separator /-->',
      ),
    ).toBe("<p>Hi</p>");
  });

  it("turns embed blocks, old and new, into links", () => {
    const html = cleanWordPressContent(
      '<!-- wp:embed {"url":"https://youtu.be/x1","type":"video"} -->\n<figure><div>\nhttps://youtu.be/x1\n</div></figure>\n<!-- /wp:embed -->\n' +
        '<!-- wp:core-embed/twitter {"url":"https://twitter.com/a/status/1"} -->\n<figure>https://twitter.com/a/status/1</figure>\n<!-- /wp:core-embed/twitter -->',
    );
    expect(html).toBe(
      '<p><a href="https://youtu.be/x1">https://youtu.be/x1</a></p>\n<p><a href="https://twitter.com/a/status/1">https://twitter.com/a/status/1</a></p>',
    );
  });

  it("cleans shortcodes: captions become figures, embeds links, the rest their text", () => {
    const html = cleanWordPressContent(
      '[caption id="a" width="300"]<img src="https://x.example/a.jpg" alt="A"> A caption[/caption]\n\n' +
        '[embed]https://vimeo.com/1[/embed]\n\n[gallery ids="1,2"]\n\n[highlight color=red]kept text[/highlight]',
    );
    expect(html).toContain(
      '<figure><img src="https://x.example/a.jpg" alt="A"><figcaption>A caption</figcaption></figure>',
    );
    expect(html).toContain('<a href="https://vimeo.com/1">');
    expect(html).not.toContain("[");
    expect(html).toContain("<p>kept text</p>");
  });

  it("makes paragraphs of classic-editor text and links bare URL lines", () => {
    expect(
      cleanWordPressContent("First line\nsecond line\n\nhttps://example.com/v\n\n<h2>Head</h2>"),
    ).toBe(
      '<p>First line<br>\nsecond line</p>\n<p><a href="https://example.com/v">https://example.com/v</a></p>\n<h2>Head</h2>',
    );
  });

  it("lists each image address once", () => {
    expect(
      imageUrlsOf(
        '<img src="https://a/1.png"><img alt="" src=\'https://a/2.png\'><img src="https://a/1.png"><img src="data:x">',
      ),
    ).toEqual(["https://a/1.png", "https://a/2.png"]);
  });
});

describe("front matter", () => {
  it("reads scalars, quoted strings, inline and block lists", () => {
    const { data, body } = parseFrontMatter(
      "---\ntitle: \"Hello: world\"\nslug: hello\ndraft: false\ntags: [a, 'b c']\ncategories:\n  - Garden\n  - Food\nempty:\n---\nBody text\n",
    );
    expect(data).toEqual({
      title: "Hello: world",
      slug: "hello",
      draft: false,
      tags: ["a", "b c"],
      categories: ["Garden", "Food"],
      empty: null,
    });
    expect(body).toBe("Body text\n");
  });

  it("reads back what it writes", () => {
    const written = { title: 'Quotes " and: colons', tags: ["x", "y"], draft: true, n: 3 };
    expect(parseFrontMatter(`${writeFrontMatter(written)}\nBody`).data).toEqual(written);
  });

  it("reads YAML beyond the simple forms, and front matter that is not YAML as none", () => {
    expect(
      parseFrontMatter(
        "---\nTitle: >-\n  Folded\n  title\ndate: 2024-01-05\nseo:\n  title: x\n---\nBody",
      ),
    ).toEqual({ data: { title: "Folded title", date: "2024-01-05" }, body: "Body" });
    expect(parseFrontMatter("---\ntitle: [unclosed\n---\nBody")).toEqual({
      data: {},
      body: "Body",
    });
  });

  it("leaves a file without front matter whole", () => {
    expect(parseFrontMatter("# Title\n\nText")).toEqual({ data: {}, body: "# Title\n\nText" });
  });
});

describe("source helpers", () => {
  it("decodes the entities WordPress writes in titles", () => {
    expect(decodeEntities("Media &amp; Text &#8220;quoted&#8221; &#x2014; &nbsp;&unknown;")).toBe(
      "Media & Text “quoted” — \u00a0&unknown;",
    );
  });

  it("normalizes old addresses to paths", () => {
    expect(pathOfOldUrl("https://old.example/2012/01/hello/?p=1")).toBe("/2012/01/hello");
    expect(pathOfOldUrl("/caf%C3%A9/")).toBe("/café");
    expect(pathOfOldUrl("https://old.example/")).toBeUndefined();
  });
});

describe("galleries and pages of imports (decision 353)", () => {
  it("makes every kind of Gutenberg gallery a figure of figures, not a list", () => {
    // Before 5.9: the images are a list in the gallery's figure; 5.0–5.2: the list is the gallery.
    const listed = cleanWordPressContent(
      '<!-- wp:gallery {"ids":[1,2]} -->\n<figure class="wp-block-gallery columns-2 is-cropped"><ul class="blocks-gallery-grid"><li class="blocks-gallery-item"><figure><img src="https://x.example/a.jpg" alt="A"/><figcaption class="blocks-gallery-item__caption">Cap A</figcaption></figure></li><li class="blocks-gallery-item"><figure><a href="https://x.example/b"><img src="https://x.example/b.jpg" alt="B"/></a></figure></li></ul><figcaption class="blocks-gallery-caption">Both</figcaption></figure>\n<!-- /wp:gallery -->\n' +
        '<!-- wp:gallery -->\n<ul class="wp-block-gallery columns-3 is-cropped"><li class="blocks-gallery-item"><figure><img src="https://x.example/c.jpg" alt="C"/></figure></li><li class="blocks-gallery-item"><figure><img src="https://x.example/d.jpg" alt="D"/></figure></li></ul>\n<!-- /wp:gallery -->\n' +
        "<ul><li>A real list</li></ul>",
    );
    const html = sanitizePostHtml(listed);
    expect(html).toBe(
      '<figure><figure><img src="https://x.example/a.jpg" alt="A" /><figcaption>Cap A</figcaption></figure><figure><a href="https://x.example/b"><img src="https://x.example/b.jpg" alt="B" /></a></figure><figcaption>Both</figcaption></figure>\n\n' +
        '<figure><figure><img src="https://x.example/c.jpg" alt="C" /></figure><figure><img src="https://x.example/d.jpg" alt="D" /></figure></figure>\n\n' +
        "<ul><li>A real list</li></ul>",
    );
  });

  it("imports the theme unit test's galleries as grids and leaves its pages out", () => {
    const source = parseWordPress(fixture("wordpress/themeunittestdata.wordpress.xml"));
    const gallery = source.items.find((item) => item.title === "Block: Gallery");
    const html = sanitizePostHtml(gallery?.html ?? "");
    expect(html).not.toMatch(/<li>\s*<figure>/);
    const tiles = galleryTiles(html);
    expect(tiles.length).toBeGreaterThanOrEqual(8);
    expect(tiles[0]?.slice(0, 3)).toEqual(["canola", "Sunburst Over River", "Boardwalk"]);
    // 5.9's nested image blocks (the "WP 6.1 Media category blocks" post) are grids as well.
    const nested = source.items.find((item) => item.title === "WP 6.1 Media category blocks");
    expect(galleryTiles(sanitizePostHtml(nested?.html ?? ""))[0]?.slice(0, 2)).toEqual([
      "Golden Gate Bridge",
      "Huatulco Coastline",
    ]);

    const pages = source.items.filter((item) => item.kind === "page");
    expect(pages.map((page) => page.title)).toEqual(
      expect.arrayContaining(["About The Tests", "Front Page"]),
    );
    for (const page of pages) expect(page.skipReason).toBe(pageSkipReason);
    expect(source.items.find((item) => item.title === "Hello world!")?.skipReason).toBeUndefined();
  });

  it("imports Ghost's gallery cards as grids, keeps its image figures and leaves its pages out", () => {
    expect(
      ghostGalleries(
        '<figure class="kg-card kg-gallery-card kg-width-wide kg-card-hascaption"><div class="kg-gallery-container"><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="https://x.example/a.jpg" alt="A"></div><div class="kg-gallery-image"><img src="https://x.example/b.jpg" alt="B"></div></div><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="https://x.example/c.jpg" alt="C"></div></div></div><figcaption>Peaceful places</figcaption></figure>',
      ),
    ).toBe(
      '<figure><figure><img src="https://x.example/a.jpg" alt="A"></figure><figure><img src="https://x.example/b.jpg" alt="B"></figure><figure><img src="https://x.example/c.jpg" alt="C"></figure><figcaption>Peaceful places</figcaption></figure>',
    );
    const source = parseGhost(fixture("ghost/v4_export.json"));
    const write = source.items.find((item) => item.slug === "write");
    const html = sanitizePostHtml(write?.html ?? "");
    expect(galleryTiles(html)).toHaveLength(2);
    expect(html).toContain("<figcaption>Peaceful places</figcaption></figure>");
    // An image card stays a figure with its caption.
    expect(html).toContain(
      '<figure><img src="https://static.ghost.org/v4.0.0/images/editor.png" alt="" width="3182" height="1500" /><figcaption>The Ghost editor.',
    );
    const pages = source.items.filter((item) => item.kind === "page");
    expect(pages.map((page) => page.slug).sort()).toEqual([
      "about",
      "contact",
      "contribute",
      "privacy",
    ]);
    for (const page of pages) expect(page.skipReason).toBe(pageSkipReason);
    expect(write?.skipReason).toBeUndefined();
  });
});
