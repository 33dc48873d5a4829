import { describe, expect, it } from "vitest";
import { homeCard, postCard } from "./cards.ts";
import { authorHead, categoryHead, homeHead, postHead, shareImage } from "./seo.ts";
import { buildSite, type ThemePost } from "./site.ts";

const post = (over: Partial<ThemePost> = {}): ThemePost => ({
  id: "p1",
  slug: "first-post",
  title: "First post",
  excerpt: "An excerpt about gardens.",
  html: "<p>Body</p>",
  publishedAt: new Date("2026-03-04T10:00:00Z"),
  updatedAt: new Date("2026-03-05T10:00:00Z"),
  categoryId: "child",
  keywords: ["soil", "compost"],
  metaTitle: null,
  metaDescription: null,
  aiAssisted: false,
  ...over,
});

const site = (canonicalBase: string, posts = [post()]) =>
  buildSite({
    blog: {
      id: "b",
      name: "Garden Notes",
      description: "Growing food at home",
      slug: "garden",
      primaryColor: "#df7020",
      fontFamily: "Inter",
      logoUrl: "https://cdn.example.com/logo.png",
      author: { name: "Ada Lovelace", slug: "ada-lovelace", bio: null },
      aiDisclosure: true,
    },
    canonicalBase,
    posts,
    categories: [
      { id: "root", name: "Vegetables", slug: "vegetables", parentId: null },
      { id: "child", name: "Tomatoes", slug: "tomatoes", parentId: "root" },
    ],
  });

describe("seo", () => {
  it("builds the canonical URL on whichever host is canonical", () => {
    expect(postHead(site("https://garden.example.com"), post()).canonical).toBe(
      "https://garden.example.com/post/first-post",
    );
    expect(postHead(site("http://garden.blogs.test:3000/"), post()).canonical).toBe(
      "http://garden.blogs.test:3000/post/first-post",
    );
    expect(homeHead(site("https://app.example.com/blog/garden")).canonical).toBe(
      "https://app.example.com/blog/garden/",
    );
    expect(homeHead(site("https://garden.example.com"), 3).canonical).toBe(
      "https://garden.example.com/page/3",
    );
  });

  it("prefers meta fields, then the excerpt, for title and description", () => {
    const s = site("https://g.example");
    expect(postHead(s, post()).title).toBe("First post");
    expect(postHead(s, post()).description).toBe("An excerpt about gardens.");
    const withMeta = postHead(
      s,
      post({ metaTitle: "Meta title", metaDescription: "Meta description" }),
    );
    expect(withMeta.title).toBe("Meta title");
    expect(withMeta.description).toBe("Meta description");
    const long = postHead(s, post({ excerpt: "word ".repeat(100) }));
    expect(long.description.length).toBeLessThanOrEqual(160);
    expect(long.description.endsWith("…")).toBe(true);
  });

  it("describes a post as a BlogPosting by the owner, with a breadcrumb from the category tree", () => {
    const head = postHead(site("https://g.example"), post());
    const [posting, breadcrumb] = head.jsonLd as [Record<string, any>, Record<string, any>];
    expect(posting).toMatchObject({
      "@type": "BlogPosting",
      headline: "First post",
      datePublished: "2026-03-04T10:00:00.000Z",
      dateModified: "2026-03-05T10:00:00.000Z",
      author: {
        "@type": "Person",
        name: "Ada Lovelace",
        url: "https://g.example/author/ada-lovelace",
      },
      publisher: { "@type": "Organization", name: "Garden Notes" },
      url: "https://g.example/post/first-post",
    });
    expect(breadcrumb["@type"]).toBe("BreadcrumbList");
    expect(
      breadcrumb.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item]),
    ).toEqual([
      ["Garden Notes", "https://g.example/"],
      ["Vegetables", "https://g.example/category/vegetables"],
      ["Tomatoes", "https://g.example/category/tomatoes"],
      ["First post", "https://g.example/post/first-post"],
    ]);
    expect(head.openGraph).toMatchObject({
      "og:type": "article",
      "og:url": "https://g.example/post/first-post",
      "og:image": expect.stringMatching(/^https:\/\/g\.example\/og\/[0-9a-f]{16}\.png$/),
      "og:image:width": "1200",
      "og:image:height": "630",
      "article:section": "Tomatoes",
    });
    expect(head.twitter["twitter:card"]).toBe("summary_large_image");
  });

  it("marks the home page as a WebSite and category pages with their feed", () => {
    const s = site("https://g.example");
    expect(homeHead(s).jsonLd[0]).toMatchObject({ "@type": "WebSite", url: "https://g.example/" });
    const category = s.categoriesBySlug.get("tomatoes");
    if (!category) throw new Error("fixture");
    const head = categoryHead(s, category);
    expect(head.canonical).toBe("https://g.example/category/tomatoes");
    expect(head.feeds.map((f) => f.href)).toEqual([
      "https://g.example/rss.xml",
      "https://g.example/category/tomatoes/rss.xml",
    ]);
  });

  it("describes the author page as a ProfilePage of the author, archive pages with their own canonical", () => {
    const s = site("https://g.example");
    const head = authorHead(s);
    expect(head.canonical).toBe("https://g.example/author/ada-lovelace");
    expect(head.title).toBe("Ada Lovelace · Garden Notes");
    expect(head.description).toBe("Posts by Ada Lovelace on Garden Notes.");
    expect(head.openGraph["og:type"]).toBe("profile");
    expect(head.jsonLd).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        url: "https://g.example/author/ada-lovelace",
        mainEntity: {
          "@type": "Person",
          name: "Ada Lovelace",
          url: "https://g.example/author/ada-lovelace",
        },
      },
    ]);
    expect(authorHead(s, 2).canonical).toBe("https://g.example/author/ada-lovelace/page/2");
  });
});

describe("structured data that matches the page (decision 333)", () => {
  const photo = {
    hash: "a".repeat(32),
    alt: "Mara in her garden",
    width: 800,
    height: 800,
    variants: [
      {
        format: "webp" as const,
        width: 400,
        height: 400,
        file: `${"a".repeat(32)}-400.webp`,
        bytes: 1,
      },
      {
        format: "jpeg" as const,
        width: 800,
        height: 800,
        file: `${"a".repeat(32)}-800.jpg`,
        bytes: 1,
      },
    ],
  };
  const personaSite = (posts = [post()]) =>
    buildSite({
      blog: {
        ...site("https://g.example").blog,
        author: {
          name: "Mara Quell",
          slug: "mara-quell",
          bio: "Grows vegetables on clay.",
          credentials: "Master Gardener",
          links: ["https://example.org/mara", "https://social.example/@mara"],
          photo,
        },
      },
      canonicalBase: "https://g.example",
      posts,
      categories: [],
    });
  const jsonLdOf = (head: { jsonLd: Record<string, unknown>[] }, type: string) =>
    head.jsonLd.filter((entry) => entry["@type"] === type);

  it("names the persona as the post's author: a Person with bio, credentials, profiles and photo", () => {
    const [posting] = jsonLdOf(postHead(personaSite(), post()), "BlogPosting");
    expect(posting?.author).toEqual({
      "@type": "Person",
      name: "Mara Quell",
      url: "https://g.example/author/mara-quell",
      description: "Grows vegetables on clay.",
      jobTitle: "Master Gardener",
      sameAs: ["https://example.org/mara", "https://social.example/@mara"],
      image: `https://g.example/media/${"a".repeat(32)}-800.jpg`,
    });
    const [profile] = jsonLdOf(authorHead(personaSite()), "ProfilePage");
    expect(profile?.mainEntity).toEqual(posting?.author);
  });

  it("adds FAQPage only when the post shows an FAQ, with its questions and answers as shown", () => {
    const plain = postHead(personaSite(), post());
    expect(jsonLdOf(plain, "FAQPage")).toEqual([]);
    // Questions in the text but no FAQ heading: nothing claimed.
    const questions = post({ html: "<h2>Watering</h2><h3>How often?</h3><p>Twice a week.</p>" });
    expect(jsonLdOf(postHead(personaSite([questions]), questions), "FAQPage")).toEqual([]);

    const withFaq = post({
      html: "<p>Intro.</p><h2>FAQ</h2><h3>How often?</h3><p>Twice a week.</p><h3>Rain water?</h3><p>Best &amp; free.</p>",
    });
    expect(jsonLdOf(postHead(personaSite([withFaq]), withFaq), "FAQPage")).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        url: "https://g.example/post/first-post",
        mainEntity: [
          {
            "@type": "Question",
            name: "How often?",
            acceptedAnswer: { "@type": "Answer", text: "Twice a week." },
          },
          {
            "@type": "Question",
            name: "Rain water?",
            acceptedAnswer: { "@type": "Answer", text: "Best & free." },
          },
        ],
      },
    ]);
  });

  it("cites the post's sources that its text links to, in order", () => {
    const cited = post({
      html: '<p>Clay holds water.<sup><a href="https://soil.example/clay?a=1&amp;b=2">[1]</a></sup> Roots go deep.<sup><a href="https://roots.example/">[2]</a></sup></p>',
      citations: [
        { url: "https://soil.example/clay?a=1&b=2", name: "Clay soils" },
        { url: "https://roots.example", name: "Root depth" },
        { url: "https://removed.example/page", name: "Cut from the text since" },
      ],
    });
    const [posting] = jsonLdOf(postHead(personaSite([cited]), cited), "BlogPosting");
    expect(posting?.citation).toEqual([
      { "@type": "CreativeWork", url: "https://soil.example/clay?a=1&b=2", name: "Clay soils" },
      { "@type": "CreativeWork", url: "https://roots.example", name: "Root depth" },
    ]);
    const [uncited] = jsonLdOf(postHead(personaSite(), post()), "BlogPosting");
    expect(uncited).not.toHaveProperty("citation");
  });
});

describe("share image", () => {
  it("shares a post's own social card, absolute on the blog's host, as a large image", () => {
    const s = site("https://garden.example.com");
    const head = postHead(s, post());
    const card = postCard(s, post());
    expect(head.openGraph["og:image"]).toBe(`https://garden.example.com/${card.file}`);
    expect(head.twitter).toMatchObject({
      "twitter:card": "summary_large_image",
      "twitter:image": `https://garden.example.com/${card.file}`,
    });
    expect((head.jsonLd[0] as { image: string }).image).toBe(head.openGraph["og:image"]);
  });

  it("shares the blog's card on the home, category and author pages", () => {
    const s = site("https://garden.example.com");
    const blogCard = `https://garden.example.com/${homeCard(s).file}`;
    expect(homeHead(s).openGraph["og:image"]).toBe(blogCard);
    expect(authorHead(s).openGraph["og:image"]).toBe(blogCard);
    expect(blogCard).not.toBe(postHead(s, post()).openGraph["og:image"]);
  });

  it("shares the feature image instead when the post has one", () => {
    const s = site("https://garden.example.com");
    const withImage = post({
      featureImage: {
        hash: "abc",
        width: 1200,
        height: 800,
        alt: "Tomatoes",
        variants: [
          { format: "webp", width: 1200, height: 800, file: "abc-1200.webp", bytes: 1 },
          { format: "jpeg", width: 1200, height: 800, file: "abc-1200.jpg", bytes: 1 },
        ],
      },
    });
    expect(shareImage(s, withImage)).toEqual({
      url: "https://garden.example.com/media/abc-1200.jpg",
      width: 1200,
      height: 800,
      alt: "Tomatoes",
    });
    const head = postHead(s, withImage);
    expect(head.openGraph["og:image:height"]).toBe("800");
    // Absent or empty: the card.
    expect(shareImage(s, post({ featureImage: null })).url).toMatch(/\/og\/[0-9a-f]{16}\.png$/);
  });

  it("names the card by title and look: same title same card, a new title or colour a new one", () => {
    const a = site("https://garden.example.com");
    const b = site("https://garden.example.com");
    expect(postCard(a, post()).file).toBe(postCard(b, post()).file);
    expect(postCard(a, post({ title: "Second" })).file).not.toBe(postCard(a, post()).file);
    const recoloured = buildSite({
      ...{ canonicalBase: "https://garden.example.com", posts: [post()], categories: [] },
      blog: { ...a.blog, primaryColor: "#2563eb" },
    });
    expect(postCard(recoloured, post()).file).not.toBe(postCard(a, post()).file);
  });
});
