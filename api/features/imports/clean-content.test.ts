import { describe, expect, it } from "vitest";
import { cleanWordPressContent, imageUrlsOf } from "./clean-content.ts";
import { parseFrontMatter, writeFrontMatter } from "./front-matter.ts";
import { decodeEntities, pathOfOldUrl } from "./source.ts";

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
