import { parseDocument } from "htmlparser2";
import { beforeAll, describe, expect, it } from "vitest";
import type { ThemeImage } from "../theme/lib/images.ts";
import { buildSite, type Site, type ThemePost } from "../theme/lib/site.ts";
import { testBlog, testPost } from "../theme/lib/test-blog.ts";
import { type LoadedTheme, loadTheme } from "./theme.ts";

/**
 * Issue 31, item 7 (decision 333): the JSON-LD of rendered pages says what the page shows:
 * the persona as the author (a Person with its profiles), an FAQPage only for a visible FAQ,
 * and the sources the post links as its citations.
 */
let theme: LoadedTheme;
beforeAll(async () => {
  theme = await loadTheme();
});

const hash = "c".repeat(32);
const photo: ThemeImage = {
  hash,
  alt: "A portrait",
  width: 600,
  height: 600,
  variants: [
    { format: "webp", width: 300, height: 300, file: `${hash}-300.webp`, bytes: 10 },
    { format: "jpeg", width: 600, height: 600, file: `${hash}-600.jpg`, bytes: 20 },
  ],
};

const post = (slug: string, html: string, over: Partial<ThemePost> = {}): ThemePost =>
  testPost({
    id: slug,
    slug,
    title: `Post ${slug}`,
    html,
    publishedAt: new Date(Date.UTC(2026, 2, 1)),
    updatedAt: new Date(Date.UTC(2026, 2, 2)),
    ...over,
  });

const faqHtml = [
  "<p>Clay is heavy but rich.</p>",
  "<h2>Frequently Asked Questions</h2>",
  "<h3>Should I add sand to clay?</h3><p>No: sand and clay set like brick.</p>",
  "<h3>When do I dig clay?</h3><p>When it crumbles in the hand.</p><p>Never when wet.</p>",
].join("");
const citedHtml =
  '<p>Clay holds twice the water of sand.<sup><a href="https://soil.example/water">[1]</a></sup></p><h2>Sources</h2><ol><li><a href="https://soil.example/water">Water in soils</a></li></ol>';

const site: Site = buildSite({
  blog: testBlog({
    author: {
      name: "Mara Quell",
      slug: "mara-quell",
      bio: "Has gardened on clay for twenty years.",
      credentials: "RHS Master Gardener",
      links: ["https://www.example.org/mara", "https://social.example/@mara"],
      photo,
    },
  }),
  canonicalBase: "https://clay.blogs.example",
  categories: [],
  posts: [
    post("faq", faqHtml),
    post("no-faq", "<h2>Questions we get</h2><h3>Is clay bad?</h3><p>No.</p>"),
    post("cited", citedHtml, {
      citations: [
        { url: "https://soil.example/water", name: "Water in soils" },
        { url: "https://soil.example/not-linked", name: "Read but not cited" },
      ],
    }),
  ],
});

async function page(path: string) {
  const rendered = await theme.render(site, path);
  expect(rendered.status, path).toBe(200);
  const jsonLd = [
    ...rendered.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((m) => JSON.parse(m[1] as string) as Record<string, unknown>);
  return {
    html: rendered.body,
    jsonLd,
    of: (type: string) => jsonLd.filter((d) => d["@type"] === type),
  };
}

/** The text of every element `name` inside the post's body, as a reader sees it. */
function textsIn(html: string, name: string): string[] {
  const found: string[] = [];
  const walk = (nodes: ReturnType<typeof parseDocument>["children"], inProse: boolean) => {
    for (const node of nodes) {
      if (node.type !== "tag") continue;
      const prose = inProse || (node.attribs.class ?? "").split(" ").includes("prose");
      if (prose && node.name === name) found.push(textOf(node).replace(/\s+/g, " ").trim());
      walk(node.children, prose);
    }
  };
  const textOf = (node: ReturnType<typeof parseDocument>["children"][number]): string =>
    node.type === "text" ? node.data : "children" in node ? node.children.map(textOf).join("") : "";
  walk(parseDocument(html, { decodeEntities: true }).children, false);
  return found;
}

describe("rendered JSON-LD (decision 333)", () => {
  it("names the persona as author: a Person with bio, credentials, sameAs and photo, shown on the page", async () => {
    const { html, of } = await page("/post/faq");
    const [posting] = of("BlogPosting");
    const person = {
      "@type": "Person",
      name: "Mara Quell",
      url: "https://clay.blogs.example/author/mara-quell",
      description: "Has gardened on clay for twenty years.",
      jobTitle: "RHS Master Gardener",
      sameAs: ["https://www.example.org/mara", "https://social.example/@mara"],
      image: `https://clay.blogs.example/media/${hash}-600.jpg`,
    };
    expect(posting?.author).toEqual(person);
    // The byline and the author box under the post say the same.
    expect(html).toContain('by <a rel="author" href="../author/mara-quell">Mara Quell</a>');
    expect(html).toContain('<aside class="author-box" aria-label="About the author">');
    expect(html).toContain("RHS Master Gardener");
    expect(html).toContain(`<img src="../media/${hash}-600.jpg" alt="Mara Quell"`);

    const author = await page("/author/mara-quell");
    expect(author.of("ProfilePage")[0]?.mainEntity).toEqual(person);
    // Every sameAs is a profile link the author page shows.
    for (const link of person.sameAs)
      expect(author.html).toContain(`href="${link}" rel="me noopener"`);
    expect(author.html).toContain(">example.org</a>");
  });

  it("has an FAQPage only for a visible FAQ, with exactly the page's questions and answers", async () => {
    const { html, of } = await page("/post/faq");
    const [faq] = of("FAQPage");
    const questions = (faq?.mainEntity ?? []) as {
      name: string;
      acceptedAnswer: { text: string };
    }[];
    expect(questions.map((q) => q.name)).toEqual(textsIn(html, "h3"));
    expect(questions.map((q) => q.acceptedAnswer.text)).toEqual([
      "No: sand and clay set like brick.",
      "When it crumbles in the hand.\nNever when wet.",
    ]);
    const paragraphs = textsIn(html, "p");
    for (const q of questions)
      for (const line of q.acceptedAnswer.text.split("\n")) expect(paragraphs).toContain(line);

    expect((await page("/post/no-faq")).of("FAQPage")).toEqual([]);
    expect((await page("/post/cited")).of("FAQPage")).toEqual([]);
  });

  it("cites the sources the post links, and no source it does not", async () => {
    const [posting] = (await page("/post/cited")).of("BlogPosting");
    expect(posting?.citation).toEqual([
      { "@type": "CreativeWork", url: "https://soil.example/water", name: "Water in soils" },
    ]);
    const [uncited] = (await page("/post/faq")).of("BlogPosting");
    expect(uncited).not.toHaveProperty("citation");
  });
});
