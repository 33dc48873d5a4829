// @vitest-environment happy-dom

import type { Blog } from "@contracts/blogs.ts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "../components/ui/tooltip.tsx";
import { swrConfig } from "../lib/swr-config.ts";
import { ThemeProvider } from "../lib/theme-context.tsx";
import { navItems, navItemsFor } from "./layouts/nav-items.ts";
import { type RouteMode, routeModeOf, routesFor } from "./routes.tsx";

const user = {
  id: "u1",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  profileImageUrl: null,
};
const blog: Blog = {
  id: "b1",
  name: "Trail Running Weekly",
  description: "Gear",
  slug: "trail",
  subdomain: null,
  customDomain: null,
  domainVerified: false,
  primaryColor: "#2563eb",
  fontFamily: "IBM Plex Serif",
  aiDisclosure: true,
  reviewBeforePublishing: true,
  writersCanPublish: false,
  role: "owner",
  timeZone: "UTC",
  logoUrl: null,
  logoMediaId: null,
  domainInstructions: null,
  domainClaimExpiresAt: null,
  domainNotice: null,
  createdAt: "2026-11-01T09:00:00.000Z",
};

type BlogsAnswer = "pending" | "error" | unknown[];

/** How the user signs in (`GET /api/auth/password`): with an OpenID provider unless a test says. */
let passwordStatus = { builtIn: false };

function renderAt(mode: RouteMode, path: string, blogs: BlogsAnswer = []) {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url === "/api/auth/user") return Response.json(user);
    if (url === "/api/blogs") {
      if (blogs === "pending") return new Promise<Response>(() => {});
      if (blogs === "error") return new Response("boom", { status: 500 });
      return Response.json(blogs);
    }
    if (url === "/api/blog-recommendations") return Response.json([]);
    if (url === "/api/account/settings") return Response.json({ maximumTrust: false });
    if (url === "/api/auth/password") return Response.json(passwordStatus);
    return new Response("not here", { status: 404 });
  });
  const router = createMemoryRouter(routesFor(mode), { initialEntries: [path] });
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ThemeProvider>
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </ThemeProvider>
    </SWRConfig>,
  );
  return router;
}

// The signed-in layout is a lazy route: its first import is transformed on demand, which can
// take longer than findBy's default second on a busy machine.
const heading = (name: string) =>
  screen.findByRole("heading", { level: 1, name }, { timeout: 10_000 });

beforeEach(() => {
  localStorage.clear();
  passwordStatus = { builtIn: false };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("route mode (spec section 2.1)", () => {
  it("puts a blog's own host first, then sign-in", () => {
    expect(routeModeOf({ isBlogHost: true, isSignedIn: true })).toBe("blog-host");
    expect(routeModeOf({ isBlogHost: false, isSignedIn: true })).toBe("signed-in");
    expect(routeModeOf({ isBlogHost: false, isSignedIn: false })).toBe("signed-out");
  });
});

describe("signed out", () => {
  it("shows the landing page at '/' with every call to action starting sign-in", async () => {
    renderAt("signed-out", "/");
    await heading("Run a fleet of profitable blogs from one dashboard");
    expect(screen.getByText("THE DIFFERENCE")).toBeTruthy();
    expect(screen.getByText("INSTANT WINS")).toBeTruthy();
    const ctas = screen
      .getAllByRole("link")
      .filter(
        (link) => !link.getAttribute("href")?.startsWith("#") && link.textContent !== "Blogfleet",
      );
    expect(ctas.length).toBeGreaterThanOrEqual(5);
    // The free-trial ones start at the sign-up form (decision 354).
    for (const link of ctas)
      expect(link.getAttribute("href")).toBe(
        /free/i.test(link.textContent ?? "") ? "/api/login?mode=sign-up" : "/api/login",
      );
    await waitFor(() => expect(document.title).toContain("Blogfleet"));
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(
      /E-E-A-T/,
    );
  });

  it.each(["/post/x", "/nope"])("answers %s with the 404 page", async (path) => {
    renderAt("signed-out", path);
    await heading("404 Page Not Found");
  });

  it.each([
    ["/dashboard", "/api/login?returnTo=%2Fdashboard"],
    ["/settings", "/api/login?returnTo=%2Fsettings"],
    ["/editor?id=p1&mode=view", "/api/login?returnTo=%2Feditor%3Fid%3Dp1%26mode%3Dview"],
  ])("leads %s to sign-in and back (decision 102)", async (path, login) => {
    const replace = vi.fn();
    vi.stubGlobal("location", { ...window.location, replace });
    renderAt("signed-out", path);
    const link = await screen.findByRole("link", { name: "Sign in" });
    expect(link.getAttribute("href")).toBe(login);
    expect(replace).toHaveBeenCalledWith(login);
    expect(screen.queryByRole("heading", { name: "404 Page Not Found" })).toBeNull();
  });
});

describe("on a blog's own host", () => {
  it("has no dashboard and no landing page", async () => {
    renderAt("blog-host", "/dashboard");
    await heading("404 Page Not Found");
  });
});

describe("signed in", () => {
  it("shows the shell with the nine entries, Media (issue 17) and Tags (issue 33) in order, the current one marked", async () => {
    renderAt("signed-in", "/", []);
    await heading("Dashboard");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Dashboard", "/dashboard"],
      ["My Blogs", "/my-blogs"],
      ["Performance", "/performance"],
      ["All Posts", "/posts"],
      ["Categories", "/categories"],
      ["Tags", "/tags"],
      ["Media", "/media"],
      ["Affiliate Links", "/affiliate-links"],
      ["Newsletter", "/newsletter"],
      ["Subscribers", "/subscribers"],
      ["AI Recommendations", "/affiliate-recommendations"],
      ["Blog Ideas", "/blog-recommendations"],
      ["Link Health", "/link-health"],
      ["Settings", "/settings"],
    ]);
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe(
      "page",
    );
    // The footer's user arrives on its own fetch, which may land after the heading.
    expect(await screen.findByText("ada@example.com")).toBeTruthy();
    expect(screen.getByText("Ada Lovelace")).toBeTruthy();
    expect(screen.getByText("AL")).toBeTruthy();
  });

  it.each([
    ["/dashboard", "Dashboard"],
    ["/performance", "Performance"],
    ["/posts", "All Posts"],
    ["/editor", "Editor"],
    ["/categories", "Categories"],
    ["/tags", "Tags"],
    ["/affiliate-links", "Affiliate Links"],
    ["/newsletter", "Newsletter"],
    ["/subscribers", "Subscribers"],
    ["/affiliate-recommendations", "AI Recommendations"],
    ["/settings", "Settings"],
  ])("%s says 'No Blog Selected' without a blog", async (path, title) => {
    renderAt("signed-in", path, []);
    await heading(title);
    expect(await screen.findByRole("heading", { name: "No Blog Selected" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Your First Blog" })).toBeTruthy();
  });

  // My Blogs lists every blog rather than the selected one, so without blogs it shows its own
  // empty state, pointing at AI ideas and the create-blog dialog.
  it("/my-blogs shows its own empty state without blogs", async () => {
    renderAt("signed-in", "/my-blogs", []);
    await heading("My Blogs");
    expect(await screen.findByRole("heading", { name: "No blogs yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "View AI Recommendations" }).getAttribute("href")).toBe(
      "/blog-recommendations",
    );
    expect(screen.getByRole("button", { name: "Create Your First Blog" })).toBeTruthy();
  });

  // Blog ideas are the owner's, not a blog's, and an owner without a blog needs them most, so the
  // screen works without one (docs/decisions/031-blog-ideas-screen.md).
  it("/blog-recommendations shows the owner's ideas without blogs", async () => {
    renderAt("signed-in", "/blog-recommendations", []);
    await heading("AI Blog Recommendations");
    expect(await screen.findByRole("heading", { name: "No Recommendations Yet" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "No Blog Selected" })).toBeNull();
    expect(screen.getByRole("button", { name: "Create Your First Blog" })).toBeTruthy();
  });

  it("shows the screen for the selected blog", async () => {
    renderAt("signed-in", "/posts", [blog]);
    await heading("All Posts");
    expect(await screen.findByText(/the posts of Trail Running Weekly/)).toBeTruthy();
    expect(screen.queryByText("No Blog Selected")).toBeNull();
    expect(screen.getByRole("button", { name: /Trail Running Weekly/ })).toBeTruthy();
  });

  it("shows the account card on Settings", async () => {
    renderAt("signed-in", "/settings", [blog]);
    await screen.findByRole("heading", { name: "Account Settings" });
    // The card shows before /api/auth/user answers (its fields read "Not set" until then).
    expect(await screen.findByText("Ada")).toBeTruthy();
    expect(screen.getByText("Lovelace")).toBeTruthy();
    expect(await screen.findByText(/managed by your sign-in provider/)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Change Password" })).toBeNull();
  });

  it("shows a built-in account its e-mail and Change Password, not the provider's note", async () => {
    passwordStatus = { builtIn: true };
    renderAt("signed-in", "/settings", [blog]);
    expect(await screen.findByRole("form", { name: "Change Password" })).toBeTruthy();
    expect(screen.getByText("Your account on this server.")).toBeTruthy();
    expect(screen.getByLabelText("Current Password")).toBeTruthy();
    expect(screen.getByLabelText("Confirm New Password")).toBeTruthy();
    expect(screen.queryByText(/managed by your sign-in provider/)).toBeNull();
  });

  it("shows a disabled 'Loading blogs...' selector while blogs load", async () => {
    renderAt("signed-in", "/", "pending");
    const button = await screen.findByRole("button", { name: "Loading blogs..." });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a disabled 'Failed to load blogs' selector when blogs fail", async () => {
    renderAt("signed-in", "/", "error");
    const button = await screen.findByRole("button", { name: "Failed to load blogs" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("answers unknown paths with the 404 page inside the shell", async () => {
    renderAt("signed-in", "/nope", []);
    await heading("404 Page Not Found");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("lists exactly the nine sidebar entries of the spec, Media (issue 17), Tags (issue 33), Newsletter and Subscribers (issue 36), Link Health (issue 37)", () => {
    // Before a blog is chosen; a blog's owner sees the team's screens too (issue 35).
    expect(navItemsFor(undefined).map((item) => item.title)).toEqual([
      "Dashboard",
      "My Blogs",
      "Performance",
      "All Posts",
      "Categories",
      "Tags",
      "Media",
      "Affiliate Links",
      "Newsletter",
      "Subscribers",
      "AI Recommendations",
      "Blog Ideas",
      "Link Health",
      "Settings",
    ]);
    expect(navItems.map((item) => item.title)).toEqual(
      navItemsFor("owner").map((item) => item.title),
    );
    expect(
      navItemsFor("owner")
        .map((item) => item.title)
        .filter((title) => !navItemsFor(undefined).some((item) => item.title === title)),
    ).toEqual(["Review Queue", "Activity"]);
  });
});
