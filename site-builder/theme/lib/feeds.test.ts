import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { feedDescription, postsInFeeds, rssFeed, sitemap } from "./feeds.ts";
import { buildSite, type Site, type ThemePost } from "./site.ts";
import { testBlog, testPost } from "./test-blog.ts";

/** What a feed reader does: decode the XML text, then render it as HTML; collect the tags. */
function renderedTags(xmlText: string): { text: string; tags: string[] } {
  let decoded = "";
  const xml = new Parser(
    { ontext: (t) => (decoded += t) },
    { xmlMode: true, decodeEntities: true },
  );
  xml.write(`<description>${xmlText}</description>`);
  xml.end();
  const tags: string[] = [];
  let text = "";
  const html = new Parser(
    { onopentag: (name) => tags.push(name), ontext: (t) => (text += t) },
    { decodeEntities: true },
  );
  html.write(decoded);
  html.end();
  return { text, tags };
}

describe("feed descriptions", () => {
  it("reach a feed reader as the text the owner wrote, never as markup", () => {
    for (const excerpt of [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "&lt;script&gt;alert(1)&lt;/script&gt;",
      "Fish & chips <3",
    ]) {
      const { text, tags } = renderedTags(feedDescription(excerpt));
      expect(tags).toEqual([]);
      expect(text).toBe(excerpt);
    }
  });

  it("drops control characters XML cannot carry", () => {
    expect(renderedTags(feedDescription("a\u0001b\u0008c")).text).toBe("abc");
    // Every code unit below U+0020 but tab, line feed and carriage return, then U+FFFE and
    // U+FFFF; characters outside the Basic Multilingual Plane stay.
    const all = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join("");
    expect(feedDescription(`x${all}\ufffe\uffff\u{1f331}y`)).toBe("x\t\n\r\u{1f331}y");
  });
});

describe("the sitemap", () => {
  const day = 24 * 60 * 60 * 1000;
  const post = (n: number, over: Partial<ThemePost> = {}): ThemePost =>
    testPost({
      id: `p${n}`,
      slug: `post-${n}`,
      title: `Post ${n}`,
      publishedAt: new Date(Date.UTC(2020, 0, 1) + n * day),
      ...over,
    });
  const site = (posts: ThemePost[], canonicalBase = "https://garden.example") =>
    buildSite({
      blog: testBlog(),
      canonicalBase,
      posts,
      categories: [],
    });
  /** Every post's address and date, newest first, read from the XML. */
  const listed = (s: Site) =>
    [...sitemap(s).matchAll(/<loc>[^<]*\/post\/([^<]+)<\/loc><lastmod>([^<]+)</g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
  const expected = (s: Site) => s.posts.map((p) => `${p.slug} ${p.updatedAt.toISOString()}`);

  it("lists every post once, newest first, across publishes, edits and removals that reuse posts", () => {
    let posts = Array.from({ length: 1500 }, (_, i) => post(i));
    let current = site(posts);
    expect(listed(current)).toEqual(expected(current));
    // A publish: the posts kept are the same objects, as an incremental snapshot has them.
    posts = [...posts, post(1500)];
    current = site(posts);
    expect(listed(current)).toEqual(expected(current));
    expect(listed(current)[0]).toMatch(/^post-1500 /);
    // An old post edited (a new object, a new date) and another taken down.
    posts = posts.map((p) =>
      p.id === "p3" ? post(3, { updatedAt: new Date(Date.UTC(2026, 0, 1)) }) : p,
    );
    posts = posts.filter((p) => p.id !== "p700");
    current = site(posts);
    expect(listed(current)).toEqual(expected(current));
    expect(listed(current)).toContain("post-3 2026-01-01T00:00:00.000Z");
    expect(listed(current).some((line) => line.startsWith("post-700 "))).toBe(false);
    // The same posts on another host: every address moves.
    const moved = sitemap(site(posts, "https://other.example"));
    expect(moved).not.toContain("https://garden.example/post/");
    expect(moved.match(/<url>/g)).toHaveLength(posts.length + 2);
  });

  it("dates each post and the home page by their last change, to the millisecond (decision 378)", () => {
    const edited = new Date("2026-03-04T05:06:07.089Z");
    const posts = Array.from({ length: 30 }, (_, i) => post(29 - i));
    // The second-newest post was edited after the newest was published; one the home page no
    // longer lists was edited later still.
    posts[1] = post(28, { updatedAt: edited });
    posts[25] = post(4, { updatedAt: new Date("2026-05-01T00:00:00.000Z") });
    const xmlText = sitemap(site(posts));
    expect(xmlText).toContain(
      "<url><loc>https://garden.example/</loc><lastmod>2026-03-04T05:06:07.089Z</lastmod></url>",
    );
    expect(xmlText).toContain(
      "<url><loc>https://garden.example/post/post-28</loc><lastmod>2026-03-04T05:06:07.089Z</lastmod></url>",
    );
  });
});

describe("the posts the feeds show", () => {
  it("are the home's newest and each category's newest, whose bodies feeds carry", () => {
    const post = (n: number, categoryId: string | null): ThemePost => ({
      id: `p${n}`,
      slug: `post-${n}`,
      title: `Post ${n}`,
      excerpt: "",
      html: `<p>${n}</p>`,
      publishedAt: new Date(Date.UTC(2020, 0, 1) + n * 3600e3),
      updatedAt: new Date(Date.UTC(2020, 0, 1)),
      categoryId,
      keywords: [],
      metaTitle: null,
      metaDescription: null,
      aiAssisted: false,
    });
    // 60 posts, the 10 oldest in a category of their own (its feed reaches back to them).
    const posts = Array.from({ length: 60 }, (_, n) => post(n, n < 10 ? "old" : null));
    const site = buildSite({
      blog: testBlog(),
      canonicalBase: "https://garden.example",
      posts,
      categories: [{ id: "old", name: "Old", slug: "old", parentId: null }],
    });
    const ids = [...postsInFeeds(site)].map((p) => p.id).sort();
    const newest = Array.from({ length: 20 }, (_, i) => `p${59 - i}`);
    const oldest = Array.from({ length: 10 }, (_, i) => `p${i}`);
    expect(ids).toEqual([...newest, ...oldest].sort());
    // Each of them is in a feed with its body; no other post's body is in one.
    const feeds = rssFeed(site, site.posts, "Garden", "/");
    for (const p of site.posts)
      expect(feeds.includes(`<p>${p.id.slice(1)}</p>`)).toBe(newest.includes(p.id));
  });

  it("carry the bodies' links to the blog's own pages as absolute addresses", () => {
    const site = buildSite({
      blog: testBlog(),
      canonicalBase: "https://garden.example",
      posts: [
        testPost({
          id: "p1",
          slug: "post-1",
          title: "Post 1",
          html: '<p><a href="../post/bokashi-bin">bin</a> <a href="../go/ab12">buy</a> <a href="https://example.com/x">out</a></p>',
          publishedAt: new Date(Date.UTC(2020, 0, 1)),
        }),
      ],
      categories: [],
    });
    const feed = rssFeed(site, site.posts, "Garden", "/");
    expect(feed).toContain(
      '<a href="https://garden.example/post/bokashi-bin">bin</a> <a href="https://garden.example/go/ab12">buy</a> <a href="https://example.com/x">out</a>',
    );
    expect(feed).not.toContain('href="../');
  });
});
