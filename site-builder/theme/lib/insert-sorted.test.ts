import { describe, expect, it } from "vitest";
import { insertSorted, newestFirst, type ThemePost } from "./site.ts";

const post = (slug: string, day: number) =>
  ({ id: slug, slug, publishedAt: new Date(Date.UTC(2026, 0, day)) }) as ThemePost;

describe("insertSorted", () => {
  it("puts changed posts where a full sort would, ties on the same moment broken by slug", () => {
    const all = Array.from({ length: 300 }, (_, i) => post(`post-${i}`, (i * 7) % 40));
    const sorted = [...all].sort(newestFirst);
    for (const picked of [[0], [299], [5, 150, 151], [40, 41, 42, 43, 280]]) {
      const added = picked.map((i) => sorted[i] as ThemePost);
      const kept = sorted.filter((p) => !added.includes(p));
      expect(insertSorted(kept, [...added].sort(newestFirst))).toEqual(sorted);
    }
    // A new newest post, and one back-dated among posts of its day.
    const newest = post("zz-new", 60);
    const backdated = post("post-0b", 0);
    const expected = [...sorted, newest, backdated].sort(newestFirst);
    expect(insertSorted([...sorted], [newest, backdated].sort(newestFirst))).toEqual(expected);
    expect(expected[0]).toBe(newest);
  });
});
