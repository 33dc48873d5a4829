// @vitest-environment node

import { describe, expect, it } from "vitest";
import type { FirstScreen } from "./app/first-screen.ts";
import { renderFirstScreen } from "./entry-server.tsx";
import { blogFixture, postSummaryFixture, userFixture } from "./test/factories.ts";

const screen = (over: Partial<FirstScreen> = {}): FirstScreen => ({
  screen: "posts",
  user: userFixture(),
  blogs: [blogFixture(), blogFixture({ id: "b2", name: "Second Blog" })],
  blogId: "b1",
  posts: {
    posts: Array.from({ length: 30 }, (_, n) => postSummaryFixture(n)),
    nextCursor: "c30",
    counts: { all: 90, draft: 30, under_review: 30, published: 30 },
  },
  preferences: { postsView: "cards", postsSort: "date:desc" },
  ...over,
});

describe("renderFirstScreen (decision 300)", () => {
  it("renders All Posts with its cards, the blog and the owner, as the browser would", async () => {
    const { html, data } = await renderFirstScreen("/posts", "", screen());
    expect(html).toContain('aria-label="Posts"');
    expect(html.match(/<li class="flex \*:flex-1">/g)).toHaveLength(30);
    expect(html).toContain("Trail notes 0");
    expect(html).toContain("Trail notes 29");
    expect(html).toContain("Trail Running Weekly");
    expect(html).not.toContain("Loading...");
    expect(JSON.parse(data)).toEqual(screen());
  });
  it("renders All Posts as the person's sorted list when they left it so (decision 355)", async () => {
    const listed = screen({ preferences: { postsView: "list", postsSort: "title:asc" } });
    const { html } = await renderFirstScreen("/posts", "", listed);
    expect(html).toMatch(/<table[^>]*aria-label="Posts"/);
    expect(html.match(/<tr[ >]/g)).toHaveLength(31);
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><button[^>]*>Title/);
    expect(html).not.toMatch(/<ul[^>]*aria-label="Posts"/);
    expect(html).not.toContain("Loading...");
  });
  it("renders the Dashboard home with the blog's counts and newest posts", async () => {
    const home = screen({
      screen: "dashboard",
      posts: {
        posts: Array.from({ length: 6 }, (_, n) => postSummaryFixture(n)),
        nextCursor: "c6",
        counts: { all: 90, draft: 30, under_review: 30, published: 30 },
      },
    });
    for (const path of ["/", "/dashboard"]) {
      const { html } = await renderFirstScreen(path, "", home);
      expect(html).toContain('aria-label="Post statistics"');
      expect(html).toContain(">90<");
      expect(html).toContain("Trail notes 5");
      expect(html).not.toContain("Trail notes 6");
      expect(html).not.toContain("Loading...");
    }
  });

  it("writes the cards' dates in the browser's time zone from its cookie", async () => {
    // Post 0 was written at 23:30 UTC on Nov 20: Nov 21 in Tokyo, Nov 20 in New York.
    const tokyo = await renderFirstScreen("/posts", "tz=Asia%2FTokyo", screen());
    const newYork = await renderFirstScreen("/posts", "tz=America/New_York", screen());
    expect(tokyo.html).toContain('dateTime="2026-11-20T23:30:00.000Z">Nov 21, 2026<');
    expect(newYork.html).toContain('dateTime="2026-11-20T23:30:00.000Z">Nov 20, 2026<');
  });
  it("keeps the JSON block closed whatever the titles hold", async () => {
    const hostile = screen();
    hostile.posts.posts[0] = postSummaryFixture(0, { title: "</script><script>alert(1)</script>" });
    const { html, data } = await renderFirstScreen("/posts", "", hostile);
    expect(data).not.toContain("</script>");
    expect(JSON.parse(data).posts.posts[0].title).toBe("</script><script>alert(1)</script>");
    expect(html).not.toContain("<script>alert(1)");
  });
});
