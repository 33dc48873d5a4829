import { describe, expect, it } from "vitest";
import { buildSite, postsInCategory, type Site, type ThemePost } from "../theme/lib/site.ts";
import { testBlog } from "../theme/lib/test-blog.ts";
import { listingPages, planIncremental } from "./page-plan.ts";

const day = 24 * 60 * 60 * 1000;
const post = (n: number, categoryId: string | null, over: Partial<ThemePost> = {}): ThemePost => ({
  id: `p${n}`,
  slug: `post-${n}`,
  title: `Post ${n}`,
  excerpt: `About ${n}`,
  html: "",
  publishedAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(n / 3) * day),
  updatedAt: new Date(Date.UTC(2024, 0, 1) + n * day),
  categoryId,
  keywords: [],
  metaTitle: null,
  metaDescription: null,
  aiAssisted: false,
  ...over,
});
const categories = [
  { id: "veg", name: "Vegetables", slug: "vegetables", parentId: null },
  { id: "tom", name: "Tomatoes", slug: "tomatoes", parentId: "veg" },
  { id: "fru", name: "Fruit", slug: "fruit", parentId: null },
];
const site = (posts: ThemePost[], names = categories) =>
  buildSite({
    blog: testBlog(),
    canonicalBase: "https://garden.example",
    posts,
    categories: names,
  });
const categoryOf = (n: number) => (["tom", "veg", "fru", null] as const)[n % 4] ?? null;

/** The snapshot after a render of the blog: its listings planned, as the live one has them. */
function live(posts: ThemePost[]): Site {
  const s = site(posts);
  planIncremental(s, s, []);
  return s;
}

describe("planIncremental", () => {
  const start = Array.from({ length: 205 }, (_, i) => post(i, categoryOf(i)));

  it("writes the listings a new post appears on, and no other", () => {
    const before = live(start);
    const fresh = post(500, "tom", { publishedAt: new Date(Date.UTC(2026, 0, 1)) });
    const after = site([...start, fresh]);
    const plan = planIncremental(before, after, [fresh.id]);
    expect(plan.write).toContain("/post/post-500");
    expect(plan.write).toContain("/");
    // What readers look for first goes live first: the post, then the home page linking to it.
    expect(plan.write.slice(0, plan.readersFirst)).toEqual(["/post/post-500", "/"]);
    expect(plan.write).toContain("/author/ada");
    expect(plan.write).toContain("/category/tomatoes");
    expect(plan.write).toContain("/category/vegetables");
    expect(plan.write).not.toContain("/category/fruit");
    expect(plan.write).toEqual(expect.arrayContaining(["/category/tomatoes/rss.xml", "/rss.xml"]));
    // The category lists it was planned from are those a fresh snapshot has.
    const scratch = site([...start, fresh]);
    for (const { id } of categories) {
      expect(postsInCategory(after, id)).toEqual(postsInCategory(scratch, id));
    }
    expect(postsInCategory(after, "veg")[0]).toBe(fresh);
  });

  it("rewrites a listing whose card changed, and moves a post between categories", () => {
    const before = live(start);
    // Post 8 (a tomato post on an archive page) gets a new title and moves to Fruit.
    const edited = post(8, "fru", { title: "Plums now" });
    const posts = start.map((p) => (p.id === edited.id ? edited : p));
    const after = site(posts);
    const plan = planIncremental(before, after, [edited.id]);
    expect(plan.write).toContain("/post/post-8");
    // An old post: the archive pages that show it, or shift because it left, are written; the
    // first pages (the newest posts) are not.
    expect(plan.write).toEqual(
      expect.arrayContaining([
        "/page/1",
        "/category/fruit/page/1",
        "/category/tomatoes/page/1",
        "/category/vegetables/page/1",
      ]),
    );
    expect(plan.write).not.toContain("/");
    expect(plan.write).not.toContain("/category/fruit");
    expect(plan.write).not.toContain("/page/2");
    const scratch = site(posts);
    for (const { id } of categories) {
      expect(postsInCategory(after, id)).toEqual(postsInCategory(scratch, id));
    }
  });

  it("writes nothing listed when only a post's body changed", () => {
    const before = live(start);
    const edited = { ...(start[100] as ThemePost), html: "<p>New body</p>" };
    const after = site(start.map((p) => (p.id === edited.id ? edited : p)));
    const plan = planIncremental(before, after, [edited.id]);
    expect(plan.write).toEqual([
      "/post/post-100",
      "/category/vegetables/rss.xml",
      "/category/tomatoes/rss.xml",
      "/rss.xml",
      "/sitemap.xml",
    ]);
    expect(plan.readersFirst).toBe(1);
  });

  it("writes nothing for a post named again that an earlier render already wrote as it is", () => {
    const before = live(start);
    const fresh = post(500, "tom", { publishedAt: new Date(Date.UTC(2026, 0, 1)) });
    const published = site([...start, fresh]);
    planIncremental(before, published, [fresh.id]);
    // The next run names the post again (its job kept it) with the very same object.
    const again = site([...start, fresh]);
    expect(planIncremental(published, again, [fresh.id, "p-draft"])).toEqual({
      write: [],
      remove: [],
      readersFirst: 0,
    });
    // A post named again beside one that changed: only the changed one's pages.
    const second = post(501, "fru", { publishedAt: new Date(Date.UTC(2026, 0, 2)) });
    const plan = planIncremental(again, site([...start, fresh, second]), [fresh.id, second.id]);
    expect(plan.write).toContain("/post/post-501");
    expect(plan.write).not.toContain("/post/post-500");
    expect(plan.write).not.toContain("/category/tomatoes/rss.xml");
    expect(plan.write).toEqual(expect.arrayContaining(["/", "/rss.xml", "/sitemap.xml"]));
  });

  it("takes over the archive pages that show what they showed, and makes the others afresh", () => {
    const fresh = post(500, "tom", { publishedAt: new Date(Date.UTC(2026, 0, 1)) });
    const changes: [string, (posts: ThemePost[]) => ThemePost[]][] = [
      ["a publish", (posts) => [...posts, fresh]],
      ["an old post edited", (posts) => posts.map((p) => (p.id === "p30" ? post(30, "fru") : p))],
      ["an old post unpublished", (posts) => posts.filter((p) => p.id !== "p30")],
    ];
    for (const [, change] of changes) {
      const before = live(start);
      const after = site(change(start));
      const carried = listingPages(after, before);
      const scratch = listingPages(site(change(start)));
      expect([...carried.keys()]).toEqual([...scratch.keys()]);
      for (const [path, listing] of scratch) {
        const kept = carried.get(path);
        expect({ ...kept, posts: kept?.posts.map((p) => p.id) }, path).toEqual({
          ...listing,
          posts: listing.posts.map((p) => p.id),
        });
      }
      // The oldest archive page shows the same posts in each case: taken over.
      expect(carried.get("/page/1")).toBe(listingPages(before).get("/page/1"));
    }
  });

  it("rewrites every listing naming a renamed category", () => {
    const before = live(start);
    const renamed = categories.map((c) => (c.id === "fru" ? { ...c, name: "Orchard" } : c));
    const after = site(start, renamed);
    const plan = planIncremental(before, after, []);
    expect(plan.write).toContain("/category/fruit");
    expect(plan.write).toContain("/");
    expect(plan.write).not.toContain("/category/tomatoes");
  });

  it("writes the pages and feeds of the tags a changed post had and has, and removes an emptied tag's", () => {
    const rye = { name: "Rye", slug: "rye" };
    const spelt = { name: "Spelt", slug: "spelt" };
    const tagged = start.map((p, i) => (i < 3 ? { ...p, tags: [rye] } : p));
    const before = live([...tagged, post(600, null, { tags: [spelt] })]);
    expect([...listingPages(before).keys()]).toEqual(
      expect.arrayContaining(["/tag/rye", "/tag/spelt"]),
    );
    // Post 600 leaves Spelt (its only post) for Rye.
    const moved = post(600, null, { tags: [rye] });
    const after = site([...tagged, moved]);
    const plan = planIncremental(before, after, [moved.id]);
    expect(plan.write).toEqual(expect.arrayContaining(["/tag/rye", "/tag/rye/rss.xml"]));
    expect(plan.write).not.toContain("/tag/spelt");
    expect(plan.remove).toEqual(expect.arrayContaining(["/tag/spelt", "/tag/spelt/rss.xml"]));
    // A post without tags changing leaves the tag pages alone.
    const untouched = planIncremental(after, site([...tagged, moved, post(700, null)]), ["p700"]);
    expect(untouched.write.filter((path) => path.startsWith("/tag/"))).toEqual([]);
  });
});
