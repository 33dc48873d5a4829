// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SelectedBlogProvider, useSelectedBlog } from "./selected-blog-context.tsx";
import { swrConfig } from "./swr-config.ts";

const blog = (id: string, name: string) => ({ id, name, description: null, slug: id });

function Probe() {
  const { selectedBlog, isLoadingBlogs, blogs, selectBlog } = useSelectedBlog();
  if (isLoadingBlogs) return <p>loading</p>;
  return (
    <div>
      <p>selected: {selectedBlog?.name ?? "none"}</p>
      {blogs?.map((b) => (
        <button key={b.id} type="button" onClick={() => selectBlog(b.id)}>
          pick {b.name}
        </button>
      ))}
    </div>
  );
}

function renderWith(blogs: unknown[] | Response) {
  vi.stubGlobal("fetch", async (url: string) => {
    expect(url).toBe("/api/blogs");
    return blogs instanceof Response ? blogs : Response.json(blogs);
  });
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <SelectedBlogProvider>
        <Probe />
      </SelectedBlogProvider>
    </SWRConfig>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SelectedBlogProvider (spec section 4)", () => {
  it("restores the stored blog when it still exists", async () => {
    localStorage.setItem("selectedBlogId", "b");
    renderWith([blog("a", "Alpha"), blog("b", "Beta")]);
    expect(await screen.findByText("selected: Beta")).toBeTruthy();
    expect(localStorage.getItem("selectedBlogId")).toBe("b");
  });

  it("selects and stores the first blog when the stored one is gone", async () => {
    localStorage.setItem("selectedBlogId", "deleted");
    renderWith([blog("a", "Alpha"), blog("b", "Beta")]);
    expect(await screen.findByText("selected: Alpha")).toBeTruthy();
    expect(localStorage.getItem("selectedBlogId")).toBe("a");
  });

  it("clears the selection and the stored id when there are no blogs", async () => {
    localStorage.setItem("selectedBlogId", "a");
    renderWith([]);
    expect(await screen.findByText("selected: none")).toBeTruthy();
    expect(localStorage.getItem("selectedBlogId")).toBeNull();
  });

  it("keeps the stored id when the list fails to load", async () => {
    localStorage.setItem("selectedBlogId", "a");
    renderWith(new Response("boom", { status: 500 }));
    expect(await screen.findByText("selected: none")).toBeTruthy();
    expect(localStorage.getItem("selectedBlogId")).toBe("a");
  });

  it("stores the blog the owner switches to", async () => {
    renderWith([blog("a", "Alpha"), blog("b", "Beta")]);
    fireEvent.click(await screen.findByRole("button", { name: "pick Beta" }));
    expect(await screen.findByText("selected: Beta")).toBeTruthy();
    expect(localStorage.getItem("selectedBlogId")).toBe("b");
  });
});
