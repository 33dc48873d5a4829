import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { postCard } from "../theme/lib/cards.ts";
import { preloadedFont, webFonts } from "../theme/lib/fonts.ts";
import { buildSite, type ThemePost } from "../theme/lib/site.ts";
import { testBlog, testPost } from "../theme/lib/test-blog.ts";
import { drawMissingCards, renderFull, renderIncremental } from "./render-site.ts";
import { type DrawCard, drawCard } from "./site-assets.ts";
import type { SiteOutput } from "./site-output.ts";
import { outputPerTest } from "./test-output.ts";
import { loadTheme, type Theme } from "./theme.ts";

let theme: Theme;
beforeAll(async () => {
  theme = await loadTheme();
});
const { output } = outputPerTest("blogfleet-cards-");

const post = (id: string, title: string, over: Partial<ThemePost> = {}): ThemePost =>
  testPost({
    id,
    slug: id,
    title,
    excerpt: `About ${title}`,
    html: `<p>${title}</p>`,
    publishedAt: new Date(`2026-03-0${id.length}T10:00:00Z`),
    updatedAt: new Date("2026-03-05T10:00:00Z"),
    ...over,
  });

const site = (posts: ThemePost[], look: { primaryColor?: string; fontFamily?: string } = {}) =>
  buildSite({
    blog: testBlog({
      id: "blog1",
      name: "Garden Notes",
      description: "Growing food at home",
      ...look,
    }),
    canonicalBase: "https://garden.blogs.example",
    posts,
    categories: [],
  });

/** The real drawing, counted. */
function countingDraw() {
  const drawn: string[] = [];
  const draw: DrawCard = async (card) => {
    drawn.push(card.title);
    return drawCard(card);
  };
  return { drawn, draw };
}

const live = async (file: string) => join((await output().currentDir("blog1")) as string, file);
const ogImage = (html: string) =>
  /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] as string;

describe("social cards in a render", () => {
  it("draws a 1200×630 PNG per post and for the home, named on the page's og:image", async () => {
    const { drawn, draw } = countingDraw();
    const s = site([post("a", "Tomatoes on a balcony"), post("bb", "Compost in winter")]);
    const result = await renderFull(theme, output(), s, { drawCard: draw });
    expect(result).toMatchObject({ cardsWritten: 3, cardsFailed: 0 });
    expect(drawn.sort()).toEqual(["Compost in winter", "Garden Notes", "Tomatoes on a balcony"]);
    const html = readFileSync(await live("post/a.html"), "utf8");
    const url = ogImage(html);
    expect(url).toBe(
      `https://garden.blogs.example/${postCard(s, post("a", "Tomatoes on a balcony")).file}`,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const file = await live(new URL(url).pathname.slice(1));
    const meta = await sharp(readFileSync(file)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: "png",
      width: 1200,
      height: 630,
    });
    const home = readFileSync(await live("index.html"), "utf8");
    expect(existsSync(await live(new URL(ogImage(home)).pathname.slice(1)))).toBe(true);
    expect(ogImage(home)).not.toBe(url);
  });

  it("does not draw an unchanged card again, and keeps it in the new build", async () => {
    const s = site([post("a", "Tomatoes on a balcony")]);
    await renderFull(theme, output(), s);
    const { drawn, draw } = countingDraw();
    const again = await renderFull(theme, output(), site([post("a", "Tomatoes on a balcony")]), {
      drawCard: draw,
    });
    expect(drawn).toEqual([]);
    expect(again.cardsWritten).toBe(0);
    const url = ogImage(readFileSync(await live("post/a.html"), "utf8"));
    expect(existsSync(await live(new URL(url).pathname.slice(1)))).toBe(true);
  });

  it("draws a post's card again when its title changes, and drops the old one", async () => {
    const before = site([post("a", "Tomatoes on a balcony"), post("bb", "Compost in winter")]);
    await renderFull(theme, output(), before);
    const oldCard = await live(postCard(before, post("a", "Tomatoes on a balcony")).file);
    expect(existsSync(oldCard)).toBe(true);
    const after = site([post("a", "Tomatoes on a sunny balcony"), post("bb", "Compost in winter")]);
    const { drawn, draw } = countingDraw();
    const result = await renderIncremental(theme, output(), before, after, ["a"], {
      drawCard: draw,
    });
    expect(drawn).toEqual(["Tomatoes on a sunny balcony"]);
    expect(result.cardsWritten).toBe(1);
    const url = ogImage(readFileSync(await live("post/a.html"), "utf8"));
    expect(url).toBe(
      `https://garden.blogs.example/${postCard(after, after.posts[1] as ThemePost).file}`,
    );
    expect(existsSync(await live(new URL(url).pathname.slice(1)))).toBe(true);
    expect(existsSync(oldCard)).toBe(false);
  });

  it("draws every card again when the look changes", async () => {
    await renderFull(theme, output(), site([post("a", "Tomatoes"), post("bb", "Compost")]));
    const { drawn, draw } = countingDraw();
    await renderFull(
      theme,
      output(),
      site([post("a", "Tomatoes"), post("bb", "Compost")], { primaryColor: "#2563eb" }),
      { drawCard: draw },
    );
    expect(drawn.sort()).toEqual(["Compost", "Garden Notes", "Tomatoes"]);
  });

  it("draws no card for a post with a feature image, which its page shares instead", async () => {
    const { drawn, draw } = countingDraw();
    const withImage = post("a", "Tomatoes", {
      featureImage: {
        hash: "t",
        width: 1600,
        height: 900,
        alt: "Ripe tomatoes",
        variants: [
          { format: "webp", width: 1600, height: 900, file: "t-1600.webp", bytes: 1 },
          { format: "jpeg", width: 1600, height: 900, file: "t-1600.jpg", bytes: 1 },
        ],
      },
    });
    await renderFull(theme, output(), site([withImage]), { drawCard: draw });
    expect(drawn).toEqual(["Garden Notes"]);
    const html = readFileSync(await live("post/a.html"), "utf8");
    // A format every crawler reads: the JPEG fallback.
    expect(ogImage(html)).toBe("https://garden.blogs.example/media/t-1600.jpg");
  });

  it("keeps the pages when a card cannot be drawn, and says which", async () => {
    const failed: string[] = [];
    const result = await renderFull(theme, output(), site([post("a", "Tomatoes")]), {
      drawCard: async () => {
        throw new Error("no");
      },
      onCardError: (card) => failed.push(card.title),
    });
    expect(result).toMatchObject({ cardsWritten: 0, cardsFailed: 2 });
    expect(failed.sort()).toEqual(["Garden Notes", "Tomatoes"]);
    expect(existsSync(await live("post/a.html"))).toBe(true);
  });
});

describe("a card that cannot be written", () => {
  it("leaves the full render a success with its pages live, and reports the cards", async () => {
    const failing: SiteOutput = {
      ...output(),
      async beginIncremental(blogId) {
        const writer = await output().beginIncremental(blogId);
        return {
          ...writer,
          writeAll: async () => {
            throw new Error("ENOSPC: no space left on device");
          },
        };
      },
    };
    const failed: string[] = [];
    const result = await renderFull(theme, failing, site([post("a", "Tomatoes")]), {
      onCardError: (card) => failed.push(card.title),
    });
    expect(result).toMatchObject({ cardsWritten: 0, cardsFailed: 2, cardsPending: 0 });
    expect(failed.sort()).toEqual(["Garden Notes", "Tomatoes"]);
    expect(existsSync(await live("post/a.html"))).toBe(true);
  });
});

describe("the card budget of a render", () => {
  it("draws at most the budget after the pages, newest first, and says how many are left", async () => {
    const { drawn, draw } = countingDraw();
    const s = site([post("a", "Oldest"), post("bb", "Middle"), post("ccc", "Newest")]);
    const result = await renderFull(theme, output(), s, { drawCard: draw, cardBudget: 2 });
    expect(drawn).toEqual(["Garden Notes", "Newest"]);
    expect(result).toMatchObject({ cardsWritten: 2, cardsPending: 2 });
    const next = await renderIncremental(theme, output(), s, s, [], {
      drawCard: draw,
      cardBudget: 2,
    });
    expect(drawn.slice(2)).toEqual(["Middle", "Oldest"]);
    expect(next).toMatchObject({ cardsWritten: 2, cardsPending: 0 });
  });

  it("draws none with a budget of 0; drawMissingCards then draws the render's budget", async () => {
    const { drawn, draw } = countingDraw();
    const s = site([post("a", "Oldest"), post("bb", "Middle"), post("ccc", "Newest")]);
    const result = await renderFull(theme, output(), s, { drawCard: draw, cardBudget: 0 });
    expect(drawn).toEqual([]);
    expect(result).toMatchObject({ cardsWritten: 0, cardsPending: 0 });
    const cards = await drawMissingCards(output(), s, { drawCard: draw, cardBudget: 2 });
    expect(drawn).toEqual(["Garden Notes", "Newest"]);
    expect(cards).toMatchObject({ cardsWritten: 2, cardsPending: 2 });
    expect(existsSync(await live(postCard(s, s.posts[0] as ThemePost).file))).toBe(true);
  });

  it("asks for no further run when no card could be drawn", async () => {
    const s = site([post("a", "Oldest"), post("bb", "Middle"), post("ccc", "Newest")]);
    const result = await renderFull(theme, output(), s, {
      drawCard: async () => {
        throw new Error("no");
      },
      cardBudget: 1,
    });
    expect(result).toMatchObject({ cardsWritten: 0, cardsFailed: 1, cardsPending: 0 });
  });
});

describe("fonts in a render", () => {
  it("writes the chosen family's faces under hashed names, declared and preloaded from the blog's own host", async () => {
    await renderFull(theme, output(), site([post("a", "Tomatoes")], { fontFamily: "Georgia" }));
    const fonts = webFonts("Georgia");
    expect(fonts.map((f) => f.file)).toEqual([
      expect.stringMatching(/^fonts\/gelasio-latin-400-normal\.[0-9a-f]{10}\.woff2$/),
      expect.stringMatching(/^fonts\/gelasio-latin-400-italic\.[0-9a-f]{10}\.woff2$/),
      expect.stringMatching(/^fonts\/gelasio-latin-700-normal\.[0-9a-f]{10}\.woff2$/),
      expect.stringMatching(/^fonts\/gelasio-latin-700-italic\.[0-9a-f]{10}\.woff2$/),
    ]);
    for (const font of fonts) {
      const bytes = readFileSync(await live(font.file));
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
    }
    const page = readFileSync(await live("post/a.html"), "utf8");
    const preload = preloadedFont("Georgia").file;
    expect(page).toContain(
      `<link rel="preload" href="../${preload}" as="font" type="font/woff2" crossorigin>`,
    );
    // The bold face too (headings); the italics load only when a page uses them.
    expect(
      [...page.matchAll(/<link rel="preload" href="\.\.\/(fonts\/[^"]+)"/g)].map((m) => m[1]),
    ).toEqual([preload, (fonts[2] as { file: string }).file]);
    expect(page).toMatch(
      new RegExp(
        `@font-face\\{font-family:'Gelasio';font-style:normal;font-weight:400;font-display:swap;src:url\\(\\.\\./${preload.replace(/\./g, "\\.")}\\) format\\('woff2'\\)`,
      ),
    );
    expect(page).toContain("--font: Gelasio, Georgia");
    const home = readFileSync(await live("index.html"), "utf8");
    expect(home).toContain(`href="./${preload}"`);
    // Only the blog's own family ships: no other face, no third-party host.
    expect(page).not.toContain("IBM Plex");
    expect(page).not.toMatch(/https?:\/\/[^"']*\.woff2/);
  });
});
