import { describe, expect, it } from "vitest";
import { filterPosts } from "./filter-posts.ts";

const posts = [
  { id: "1", title: "Hill Repeats", content: "<p>Climb hard</p>", status: "draft" as const },
  {
    id: "2",
    title: "Taper week",
    content: "<p>Rest before the HILL race</p>",
    status: "published" as const,
  },
  { id: "3", title: "Shoes", content: "<p>Grip matters</p>", status: "under_review" as const },
];
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe("filterPosts", () => {
  it("matches the title or the content, ignoring case", () => {
    expect(ids(filterPosts(posts, "hill", "all"))).toEqual(["1", "2"]);
    expect(ids(filterPosts(posts, "GRIP", "all"))).toEqual(["3"]);
  });

  it("keeps everything for a blank search and 'All Status'", () => {
    expect(ids(filterPosts(posts, "   ", "all"))).toEqual(["1", "2", "3"]);
  });

  it("filters by status and combines with the search", () => {
    expect(ids(filterPosts(posts, "", "under_review"))).toEqual(["3"]);
    expect(ids(filterPosts(posts, "hill", "published"))).toEqual(["2"]);
    expect(ids(filterPosts(posts, "shoes", "draft"))).toEqual([]);
  });
});
