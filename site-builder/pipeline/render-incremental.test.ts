import { stat } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, type Site, type ThemePost } from "../theme/lib/site.ts";
import { testBlog } from "../theme/lib/test-blog.ts";
import { renderFull, renderIncremental } from "./render-site.ts";
import { outputPerTest } from "./test-output.ts";
import { loadTheme, type Theme } from "./theme.ts";

let theme: Theme;
beforeAll(async () => {
  theme = await loadTheme();
});
const { dir, output } = outputPerTest("blogfleet-incremental-");

const post = (id: string, day: number): ThemePost => ({
  id,
  slug: id,
  title: `Post ${id}`,
  excerpt: `About ${id}`,
  html: `<p>${id}</p>`,
  publishedAt: new Date(`2026-03-${String(day).padStart(2, "0")}T10:00:00Z`),
  updatedAt: new Date(`2026-03-${String(day).padStart(2, "0")}T10:00:00Z`),
  categoryId: null,
  keywords: [],
  metaTitle: null,
  metaDescription: null,
  aiAssisted: false,
});

const site = (posts: ThemePost[]): Site =>
  buildSite({
    blog: testBlog({ id: "blog1", name: "Garden Notes", description: "Growing food" }),
    canonicalBase: "https://garden.blogs.example",
    posts,
    categories: [],
  });

describe("an incremental render", () => {
  it("lets the event loop answer what came meanwhile once the readers' pages are live, before the rest", async () => {
    const before = site([post("a", 1), post("b", 2)]);
    await renderFull(theme, output(), before, { cardBudget: 0 });
    const after = site([post("a", 1), post("b", 2), post("c", 3)]);
    const order: string[] = [];
    const recording: Theme = {
      ...theme,
      render: (s, path, options) => {
        order.push(`render ${path}`);
        return theme.render(s, path, options);
      },
    };
    // A reader's request as the server gets it: I/O that completes while the render goes on.
    output().onChange((_blog, file) => {
      if (file === "index.html") stat(dir(), () => order.push("reader answered"));
    });
    await renderIncremental(recording, output(), before, after, ["c"], { cardBudget: 0 });
    const readers = ["render /post/c", "render /"];
    expect(order.slice(0, 2)).toEqual(readers);
    const firstOther = order.findIndex((e) => e.startsWith("render ") && !readers.includes(e));
    expect(firstOther).toBeGreaterThan(0);
    expect(order.indexOf("reader answered")).toBeGreaterThan(0);
    expect(order.indexOf("reader answered")).toBeLessThan(firstOther);
  });
});
