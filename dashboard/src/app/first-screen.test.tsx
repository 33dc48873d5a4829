// @vitest-environment happy-dom

import { act, cleanup, screen as dom, fireEvent, waitFor } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { createMemoryRouter } from "react-router";
import { mutate } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderFirstScreen } from "../entry-server.tsx";
import { blogFixture, postSummaryFixture, userFixture } from "../test/factories.ts";
import { type Call, json, stubFetch } from "../test/fetch-stub.ts";
import { App } from "./app.tsx";
import { type FirstScreen, firstScreenDataId, readFirstScreen } from "./first-screen.ts";
import { resolveLazyRoutes, routesFor } from "./routes.tsx";

const firstScreen = (): FirstScreen => ({
  screen: "posts",
  user: userFixture(),
  blogs: [blogFixture()],
  blogId: "b1",
  posts: {
    posts: Array.from({ length: 30 }, (_, n) => postSummaryFixture(n)),
    nextCursor: null,
    counts: { all: 30, draft: 10, under_review: 10, published: 10 },
  },
  preferences: { postsView: "cards", postsSort: "date:desc" },
});

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  cleanup();
  vi.unstubAllGlobals();
  // SWR's cache outlives a test: clear every key the screen wrote.
  await mutate(() => true, undefined, { revalidate: false });
});

/** The page as the server sends it, then the dashboard's start on it (as main.tsx does). */
async function hydrateServerPage(screen: FirstScreen, path = "/posts") {
  const { html, data } = await renderFirstScreen(path, document.cookie, screen);
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${firstScreenDataId}">${data}</script>`;
  const serverCard = document.querySelector('ul[aria-label="Posts"] > li');
  const sent = readFirstScreen();
  expect(sent).toEqual(screen);
  const routes = routesFor("signed-in");
  await resolveLazyRoutes(routes, path);
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      document.getElementById("root") as HTMLElement,
      <App
        firstScreen={sent}
        signedInRoutes={routes}
        makeRouter={(matched) => createMemoryRouter(matched, { initialEntries: [path] })}
      />,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return { serverCard, mismatches };
}

describe("All Posts rendered by the server, then hydrated (decision 300)", () => {
  it("keeps the server's markup: no mismatch, no second read of what the page carried", async () => {
    const calls: Call[] = stubFetch(({ url }) =>
      url.endsWith("/categories") ? json(200, []) : json(500, { message: "unexpected" }),
    );
    const { serverCard, mismatches } = await hydrateServerPage(firstScreen());
    expect(mismatches).toEqual([]);
    // The very element the server sent is the one on screen: React adopted it.
    expect(document.querySelector('ul[aria-label="Posts"] > li')).toBe(serverCard);
    expect(dom.getAllByRole("listitem").length).toBeGreaterThanOrEqual(30);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain("/api/blogs/b1/categories"));
    expect(calls.map((c) => c.url)).not.toContain("/api/auth/user");
    expect(calls.map((c) => c.url)).not.toContain("/api/blogs");
    expect(calls.some((c) => c.url.startsWith("/api/blogs/b1/posts"))).toBe(false);
  });

  it("keeps the Dashboard home's markup too, with its newest posts", async () => {
    const calls = stubFetch(({ url }) =>
      url.endsWith("/categories") ? json(200, []) : json(500, { message: "unexpected" }),
    );
    const home: FirstScreen = {
      ...firstScreen(),
      screen: "dashboard",
      posts: { ...firstScreen().posts, posts: firstScreen().posts.posts.slice(0, 6) },
    };
    const { mismatches } = await hydrateServerPage(home, "/");
    expect(mismatches).toEqual([]);
    expect(dom.getByRole("region", { name: "Post statistics" })).toBeTruthy();
    expect(dom.getByText("Trail notes 5")).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.url)).toContain("/api/blogs/b1/categories"));
    expect(calls.some((c) => c.url.startsWith("/api/blogs/b1/posts"))).toBe(false);
    expect(calls.map((c) => c.url)).not.toContain("/api/auth/user");
  });

  it("answers the owner once hydrated: a search reads the server again", async () => {
    const calls = stubFetch(({ url }) =>
      url.endsWith("/categories")
        ? json(200, [])
        : json(200, {
            posts: [postSummaryFixture(7, { title: "Ridge line" })],
            nextCursor: null,
            counts: { all: 30, draft: 10, under_review: 10, published: 10 },
          }),
    );
    await hydrateServerPage(firstScreen());
    fireEvent.change(dom.getByPlaceholderText("Search posts..."), { target: { value: "ridge" } });
    expect(await dom.findByText("Ridge line")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("q=ridge"))).toBe(true);
  });
});
