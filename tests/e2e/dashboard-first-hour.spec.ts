import { createClient } from "@libsql/client";
import type { Page, Response } from "@playwright/test";
import { publishPost } from "./content-helpers.ts";
import { expect, signIn, test } from "./fixtures.ts";

/**
 * Issue 33, items 10 and 12–15: the first hour of a writer on the dashboard. A new owner's
 * screens fit a phone, the colour presets keep white header text, approving a program suggests a
 * keyword from the blog's own posts, normal screens ask nothing that fails, and a first visit is
 * greeted as one.
 */

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 120_000 });

type Blog = { id: string; slug: string; name: string };

async function apiCreateBlog(page: Page, name: string, description?: string): Promise<Blog> {
  const res = await page.request.post("/api/blogs", { data: { name, description } });
  expect(res.status()).toBe(201);
  return (await res.json()) as Blog;
}

/** Moves an owner's blogs back in time in the e2e server's database: an owner who has been here before. */
async function ageBlogsOf(email: string, days: number) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const client = createClient({ url: `file:${dir}/e2e.db`, timeout: 5000 });
  try {
    await client.execute({
      sql: "update blogs set created_at = ? where owner_id = (select id from users where email = ?)",
      args: [Date.now() - days * 24 * 3_600_000, email],
    });
  } finally {
    client.close();
  }
}

const trailPosts = [
  {
    title: "Choosing trail running shoes for muddy hills",
    content:
      "<p>Trail running shoes need grip. On muddy hills the lugs of trail running shoes decide whether you climb or slide.</p><h2>Fit</h2><p>Try trail running shoes late in the day, when feet are larger.</p>",
  },
  {
    title: "How long do trail running shoes last?",
    content:
      "<p>Most trail running shoes last 500 to 800 kilometres. Rotate two pairs of trail running shoes and each lasts longer.</p>",
  },
  {
    title: "Hydration vests for long trail runs",
    content:
      "<p>A hydration vest carries water and food. Pair a light hydration vest with your trail running shoes on runs over two hours.</p>",
  },
];

test("no dashboard screen, nor the landing and sign-in pages, scrolls sideways at 360 px", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  const blog = await apiCreateBlog(
    page,
    "Trail Running Shoes and Long Mountain Ultramarathon Adventures",
    "Gear reviews, training plans and race reports from the mountains.",
  );
  for (const [field, value] of [
    ["subdomain", "trail-running-shoes-and-long-mountain-ultramarathons"],
    ["customDomain", "www.the-very-long-trail-running-shoes-review-site-for-mountains.example.com"],
  ] as const) {
    const res = await page.request.patch(`/api/blogs/${blog.id}/domain`, {
      data: { [field]: value },
    });
    expect(res.status(), field).toBe(200);
  }
  const posts = [];
  for (const post of trailPosts)
    posts.push(await publishPost(page, blog.id, post.title, post.content));
  expect(
    (
      await page.request.post("/api/categories", {
        data: { blogId: blog.id, name: "Shoe reviews", slug: "shoe-reviews", parentId: null },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post("/api/affiliate-links", {
        data: {
          blogId: blog.id,
          keyword: "hydration vest",
          url: "https://shop.example.com/gear/hydration-vests/the-longest-product-page-address-of-all",
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post(`/api/blogs/${blog.id}/automation`, {
        data: {
          enabled: false,
          niche: "Trail running gear",
          topics: ["ultramarathon nutrition", "poles for steep climbs"],
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (await page.request.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`)).status(),
  ).toBe(201);

  const screens = [
    "/",
    "/dashboard",
    "/my-blogs",
    "/performance",
    "/posts",
    "/editor",
    `/editor?id=${posts[0]?.id}`,
    `/editor?id=${posts[0]?.id}&mode=view`,
    "/categories",
    "/affiliate-links",
    "/affiliate-recommendations",
    "/blog-recommendations",
    "/media",
    "/settings",
    "/no-such-screen",
  ];
  const tooWide: string[] = [];
  const measure = async (what: string) => {
    await expect(page.getByRole("heading", { level: 1 }).first(), what).toBeVisible({
      timeout: 20_000,
    });
    // Settled: the screen's data is in (a screen that keeps polling is measured as it is).
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
      // The innermost elements that reach past the right edge, not inside a box that scrolls
      // or clips them (a wide table in its scroll box is fine): what the failure names.
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== "visible") return true;
        return false;
      };
      // The outermost boxes wider than the box they sit in: where the width comes from.
      const wider = [...document.body.querySelectorAll("*")].filter((el) => {
        const parent = el.parentElement;
        if (!parent || clipped(el)) return false;
        return el.getBoundingClientRect().width > parent.clientWidth + 1 && parent.clientWidth > 0;
      });
      const outermost = wider.filter((el) => !wider.some((o) => o !== el && o.contains(el)));
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        culprits: outermost
          .slice(0, 3)
          .map(
            (el) =>
              `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")?.slice(0, 50) ?? ""}"> ${Math.round(el.getBoundingClientRect().width)} px "${el.textContent?.trim().slice(0, 50) ?? ""}"`,
          ),
      };
    });
    if (scrollWidth > innerWidth)
      tooWide.push(`${what}: ${scrollWidth} px (${culprits.join("; ")})`);
  };
  for (const path of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await measure(path);
    });
  }

  await page.goto("/api/logout");
  await expect(page).toHaveURL(/\/$/);
  await measure("landing page");
  await page.goto("/api/login");
  await measure("sign-in page");
  expect(tooWide).toEqual([]);
});

test("every colour preset keeps white header text, and a new blog starts with a colour that carries it", async ({
  page,
}) => {
  await signIn(page);
  const blog = await apiCreateBlog(page, "Preset Check");
  await page.goto("/settings");
  // A shared machine can be slow to load the screen's code: wait for it once, generously.
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible({
    timeout: 20_000,
  });
  const card = page.getByRole("region", { name: "Blog Customization" });
  const preview = card.getByRole("figure", { name: "Header preview" });
  await expect(preview).toBeVisible();
  const headerText = preview.getByText("Preset Check", { exact: true });
  const textColour = () => headerText.evaluate((el) => getComputedStyle(el).color);

  // The colour a new blog starts with: white text already.
  expect(await textColour()).toBe("rgb(255, 255, 255)");
  for (const name of [
    "Burnt Orange",
    "Royal Blue",
    "Emerald Green",
    "Ruby Red",
    "Violet Purple",
    "Teal",
  ]) {
    await card.getByRole("button", { name, exact: true }).click();
    await expect(card.getByRole("button", { name, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await textColour(), name).toBe("rgb(255, 255, 255)");
    await expect(card.getByTestId("white-text-note")).toHaveCount(0);
  }
  const created = (await (await page.request.get(`/api/blogs/${blog.id}`)).json()) as {
    primaryColor: string;
  };
  expect(created.primaryColor).not.toBe("#df7020");
});

test("approving a program offers keywords from the blog's posts, not the program's name", async ({
  page,
}) => {
  await signIn(page);
  const blog = await apiCreateBlog(page, "Muddy Miles", "Trail running gear and training.");
  for (const post of trailPosts) await publishPost(page, blog.id, post.title, post.content);
  const found = await page.request.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`);
  expect(found.status()).toBe(201);

  await page.goto("/affiliate-recommendations");
  await expect(page.getByRole("heading", { level: 1, name: "AI Recommendations" })).toBeVisible({
    timeout: 20_000,
  });
  const card = page.getByRole("article").filter({ hasText: "REI Affiliate Program" });
  await card.getByRole("button", { name: "Approve Program" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an affiliate link" });
  await expect(dialog).toBeVisible();
  const keyword = dialog.getByLabel("Keyword", { exact: true });
  await expect(keyword).not.toHaveValue("");
  const value = (await keyword.inputValue()).toLowerCase();
  expect(value).not.toContain("rei");
  expect(value).not.toContain("affiliate program");
  expect(["trail", "running", "shoes", "hydration", "vest"].some((w) => value.includes(w))).toBe(
    true,
  );
  expect(value).toBe("trail running shoes");

  // The other suggestions are offered; picking one fills the field.
  const others = dialog.getByRole("group", { name: "Keywords from your posts" });
  await expect(others.getByRole("button").first()).toBeVisible();
  const other = others.getByRole("button", { name: "hydration vest" });
  await other.click();
  await expect(keyword).toHaveValue("hydration vest");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog).toBeHidden();
  const links = (await (
    await page.request.get(`/api/blogs/${blog.id}/affiliate-links`)
  ).json()) as {
    keyword: string;
  }[];
  expect(links.map((l) => l.keyword)).toEqual(["hydration vest"]);
});

test("Settings, Performance and the landing page ask nothing that fails on a fresh blog", async ({
  page,
}) => {
  const failures: string[] = [];
  page.on("response", (response: Response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    // Signed out, "who is signed in?" answers 401 by design.
    if (url.pathname === "/api/auth/user" && response.status() === 401) return;
    failures.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    if (message.text().startsWith("Failed to load resource") && where.endsWith("/api/auth/user"))
      return;
    failures.push(`console.error: ${message.text()} (${where})`);
  });
  page.on("pageerror", (error) => failures.push(`page error: ${error.message}`));

  // The landing page's own requests are sent on load; "network idle" may never come while
  // other work shares the server, so the page's load and its sign-in question are awaited.
  const askedWho = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /Run a fleet/ })).toBeVisible();
  await page.waitForLoadState("load");
  await askedWho;

  await signIn(page);
  await apiCreateBlog(page, "Fresh Start");
  for (const [path, heading] of [
    ["/settings", "Settings"],
    ["/performance", "Performance"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  await expect(
    page.getByText("Enable automation in Settings to start generating content"),
  ).toBeVisible();
  expect(failures).toEqual([]);
});

test("a new owner is welcomed, a returning one welcomed back; 'Start free' opens the sign-up form", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Start free" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await expect(page).toHaveTitle(/Create your account/);
  const email = `first-hour-${Date.now().toString(36)}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await expect(page.getByRole("button")).toHaveText(["Create account"]);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await apiCreateBlog(page, "Fresh Trails");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(/^Welcome to Blogfleet\./)).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);

  // The sign-up form leads to sign-in for an owner who has an account.
  await page.goto("/api/logout");
  await page.goto("/");
  await page.getByRole("link", { name: "Start your free trial" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await ageBlogsOf(email, 3);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText(/^Welcome back\. Here is how Fresh Trails is doing\.$/),
  ).toBeVisible();
  await expect(page.getByText(/Welcome to Blogfleet/)).toHaveCount(0);
});
