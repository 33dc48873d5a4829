import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, type ThemeBlog, type ThemePost } from "../theme/lib/site.ts";
import { testBlog } from "../theme/lib/test-blog.ts";
import { type LoadedTheme, loadTheme } from "./theme.ts";

/**
 * Issue 32, item 4 (decision 342): a published AI-assisted post tells readers how it was made —
 * drafted with AI (which model, when), the sources it drew on, and whether a person edited or
 * reviewed it before it went live, or nobody did.
 */
let theme: LoadedTheme;
beforeAll(async () => {
  theme = await loadTheme();
});

const cited =
  '<p>Worms eat half their weight a day.<sup><a href="https://worms.example/bins">[1]</a></sup></p><h2>Sources</h2><ol><li><a href="https://worms.example/bins">Worm bins, a year</a></li><li><a href="https://soil.example/castings">Castings</a></li></ol>';

const post = (slug: string, over: Partial<ThemePost> = {}): ThemePost => ({
  id: slug,
  slug,
  title: `Post ${slug}`,
  excerpt: "",
  html: "<p>Worm bins need shade.</p>",
  publishedAt: new Date(Date.UTC(2026, 2, 4, 12)),
  updatedAt: new Date(Date.UTC(2026, 2, 4, 12)),
  categoryId: null,
  keywords: [],
  metaTitle: null,
  metaDescription: null,
  aiAssisted: true,
  ...over,
});

const drafted = new Date(Date.UTC(2026, 2, 1, 12));
const posts = [
  post("edited", {
    html: cited,
    citations: [
      { url: "https://worms.example/bins", name: "Worm bins, a year" },
      { url: "https://soil.example/castings", name: "Castings" },
    ],
    making: { model: "gpt-4o-mini", draftedAt: drafted, human: "edited" },
  }),
  post("reviewed", { making: { model: null, draftedAt: drafted, human: "reviewed" } }),
  post("unattended", {
    publishedAt: drafted,
    making: { model: "gpt-4o-mini", draftedAt: drafted, human: "none" },
  }),
  post("own", { aiAssisted: false }),
];

const siteWith = (blog: Partial<ThemeBlog>) =>
  buildSite({
    blog: testBlog({
      author: { name: "Wren Hollis", slug: "wren-hollis", bio: null },
      timeZone: "UTC",
      ...blog,
    }),
    canonicalBase: "https://worms.blogs.example",
    categories: [],
    posts,
  });

/** The note's text as a reader sees it, or undefined when the page has none. */
async function noteOf(slug: string, blog: Partial<ThemeBlog> = { aiDisclosure: true }) {
  const rendered = await theme.render(siteWith(blog), `/post/${slug}`);
  expect(rendered.status).toBe(200);
  const note = rendered.body.match(
    /<aside class="ai-note" aria-label="How this post was made"[^>]*>([\s\S]*?)<\/aside>/,
  );
  return {
    body: rendered.body,
    text: note?.[1]
      ?.replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
    html: note?.[1],
  };
}

describe("the 'How this post was made' note (decision 342)", () => {
  it("says a person edited the AI's draft, with the model, the sources and the dates", async () => {
    const { text, html, body } = await noteOf("edited");
    expect(text).toBe(
      "How this post was made. Drafted with AI (gpt-4o-mini) on March 01, 2026, drawing on 2 sources. Edited by Wren Hollis and published on March 04, 2026.",
    );
    // The count links to the post's Sources list, which carries the target.
    expect(html).toContain('<a href="#sources">2 sources</a>');
    expect(body).toContain('<h2 id="sources">Sources</h2>');
  });

  it("says a person reviewed a draft published as the AI wrote it, without a model's name when none is known", async () => {
    const { text, body } = await noteOf("reviewed");
    expect(text).toBe(
      "How this post was made. Drafted with an AI model on March 01, 2026. Reviewed by Wren Hollis and published on March 04, 2026.",
    );
    expect(body).not.toContain("sources");
  });

  it("says when automation published the draft without human edit", async () => {
    const { text } = await noteOf("unattended");
    expect(text).toBe(
      "How this post was made. Drafted with AI (gpt-4o-mini) on March 01, 2026. Published automatically on March 01, 2026, without human edit.",
    );
  });

  it("follows the blog's AI disclosure switch, except for posts nobody edited or reviewed", async () => {
    const off = { aiDisclosure: false };
    expect((await noteOf("edited", off)).text).toBeUndefined();
    expect((await noteOf("reviewed", off)).text).toBeUndefined();
    expect((await noteOf("unattended", off)).text).toContain("without human edit");
    expect((await noteOf("own")).text).toBeUndefined();
  });
});
