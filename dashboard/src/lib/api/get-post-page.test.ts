import { afterEach, describe, expect, it, vi } from "vitest";
import { postPageKey, searchPostPage } from "./get-post-page.ts";

afterEach(() => vi.unstubAllGlobals());

describe("All Posts page requests", () => {
  it("put the search, the status and the cursor in the query, leaving out what is blank", () => {
    expect(postPageKey("b1", { limit: 30 })).toBe("/api/blogs/b1/posts?limit=30");
    expect(postPageKey("b1", { limit: 30, q: "  ", status: "all" })).toBe(
      "/api/blogs/b1/posts?limit=30",
    );
    expect(postPageKey("b1", { limit: 30, q: " tokyo & kyoto ", status: "draft" }, "abc")).toBe(
      "/api/blogs/b1/posts?limit=30&q=tokyo+%26+kyoto&status=draft&cursor=abc",
    );
  });

  it("cancel the previous search's first page when a newer one starts, not later pages", async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      const signal = init.signal as AbortSignal;
      signals.push(signal);
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        setTimeout(() => resolve(Response.json({ posts: [], nextCursor: null, counts: {} })), 20);
      });
    });
    const old = searchPostPage("/api/blogs/b1/posts?limit=30&q=tok");
    const next = searchPostPage("/api/blogs/b1/posts?limit=30&cursor=x");
    const current = searchPostPage("/api/blogs/b1/posts?limit=30&q=tokyo");
    await expect(old).rejects.toThrow("aborted");
    await expect(next).resolves.toEqual({ posts: [], nextCursor: null, counts: {} });
    await expect(current).resolves.toEqual({ posts: [], nextCursor: null, counts: {} });
    expect(signals.map((s) => s.aborted)).toEqual([true, false, false]);
  });
});
