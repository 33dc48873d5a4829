import { describe, expect, it } from "vitest";
import { archiveCount, archivePage, firstPage } from "./archive.ts";
import type { ThemePost } from "./site.ts";

const posts = (n: number): ThemePost[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${n - 1 - i}`,
    slug: `post-${n - 1 - i}`,
    title: `Post ${n - 1 - i}`,
    excerpt: "",
    html: "",
    publishedAt: new Date(Date.UTC(2026, 0, 1) + (n - 1 - i) * 60_000),
    updatedAt: new Date(0),
    categoryId: null,
    keywords: [],
    metaTitle: null,
    metaDescription: null,
    aiAssisted: false,
  }));

const ids = (list: ThemePost[] | undefined) => list?.map((p) => Number(p.id.slice(1))) ?? [];

describe("archive pages", () => {
  it("needs none while every post fits on the first page", () => {
    expect(archiveCount(0)).toBe(0);
    expect(archiveCount(20)).toBe(0);
    expect(firstPage(posts(20)).older).toBeNull();
    expect(archivePage(posts(20), 1)).toBeUndefined();
  });

  it("numbers archive pages from the oldest post and links them both ways", () => {
    const list = posts(45);
    expect(archiveCount(45)).toBe(2);
    expect(ids(firstPage(list).posts)).toEqual(Array.from({ length: 20 }, (_, i) => 44 - i));
    expect(firstPage(list).older).toBe(2);
    const two = archivePage(list, 2);
    expect(ids(two?.posts)).toEqual(Array.from({ length: 20 }, (_, i) => 39 - i));
    expect([two?.newer, two?.older]).toEqual(["first", 1]);
    const one = archivePage(list, 1);
    expect(ids(one?.posts)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
    expect([one?.newer, one?.older]).toEqual([2, null]);
    expect(archivePage(list, 3)).toBeUndefined();
  });

  it("reaches every post from the first page, with no gaps", () => {
    for (const n of [21, 39, 40, 41, 100, 101]) {
      const list = posts(n);
      const seen = new Set(ids(firstPage(list).posts));
      for (let page = firstPage(list).older; page !== null; ) {
        const listing = archivePage(list, page);
        for (const id of ids(listing?.posts)) seen.add(id);
        page = listing?.older ?? null;
      }
      expect(seen.size, `${n} posts`).toBe(n);
    }
  });

  it("keeps old archive pages unchanged when a post is published", () => {
    const before = posts(100);
    const after = posts(101);
    for (let page = 1; page < archiveCount(100); page++) {
      expect(ids(archivePage(after, page)?.posts)).toEqual(ids(archivePage(before, page)?.posts));
    }
  });
});
