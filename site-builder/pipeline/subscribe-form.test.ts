import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { subscribeConsentText } from "../../contracts/newsletters.ts";
import { buildSite, type Site } from "../theme/lib/site.ts";
import { testBlog, testPost } from "../theme/lib/test-blog.ts";
import { allPages } from "./page-plan.ts";
import { type LoadedTheme, loadTheme } from "./theme.ts";

/* The subscribe form in the theme (decision 375). */

let theme: LoadedTheme;
beforeAll(async () => {
  theme = await loadTheme();
});

const siteWith = (subscribe: boolean): Site =>
  buildSite({
    blog: testBlog({ subscribe }),
    canonicalBase: "https://garden.blogs.example",
    categories: [],
    posts: Array.from({ length: 25 }, (_, i) =>
      testPost({
        id: `p${i}`,
        slug: `post-${i}`,
        title: `Post ${i}`,
        publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
        html: `<p>Body ${i}</p>`,
      }),
    ),
    redirects: new Map(),
  });

const documentOf = async (site: Site, path: string) => {
  const page = await theme.render(site, path);
  expect(page.status, path).toBe(200);
  return parseHTML(page.body).document;
};

/** The page's subscribe forms, as a browser without JavaScript would submit them. */
const formsOf = (document: Document) =>
  [...document.querySelectorAll("form")].filter((form) =>
    /subscribe$/.test(form.getAttribute("action") ?? ""),
  );

/** Where `href` leads from the page at `path`, on the blog's host and under the app's preview prefix. */
const resolved = (href: string, path: string) => ({
  blogHost: new URL(href, `https://garden.blogs.example${path}`).pathname,
  appHost: new URL(href, `https://app.example/blog/garden${path}`).pathname,
});

describe("the subscribe form", () => {
  const on = siteWith(true);
  const off = siteWith(false);

  for (const path of ["/", "/post/post-3", "/subscribe"]) {
    it(`is on ${path} when the blog takes subscribers, posting to the blog's own /subscribe`, async () => {
      const document = await documentOf(on, path);
      const forms = formsOf(document);
      expect(forms).toHaveLength(1);
      const form = forms[0] as HTMLFormElement;
      expect(form.getAttribute("method")).toBe("post");
      expect(form.getAttribute("enctype")).toBeNull(); // urlencoded, the default
      expect(resolved(form.getAttribute("action") as string, path)).toEqual({
        blogHost: "/subscribe",
        appHost: "/blog/garden/subscribe",
      });
      // The fields the server reads (contracts/newsletters.ts subscribeForm), nothing else.
      const names = [...form.querySelectorAll("input, select, textarea")].map((f) =>
        f.getAttribute("name"),
      );
      expect(names.sort()).toEqual(["email", "page", "website"]);
      const email = form.querySelector('input[name="email"]') as HTMLInputElement;
      expect(email.getAttribute("type")).toBe("email");
      expect(email.hasAttribute("required")).toBe(true);
      const label = form.querySelector(`label[for="${email.getAttribute("id")}"]`);
      expect(label?.textContent?.trim()).toBe("E-mail address");
      expect(form.querySelector('input[name="page"]')?.getAttribute("type")).toBe("hidden");
      expect(form.querySelector('input[name="page"]')?.getAttribute("value")).toBe(path);
      expect(form.textContent).toContain(subscribeConsentText);
      expect(form.querySelector('button[type="submit"]')?.textContent).toBe("Subscribe");
      // The honeypot: off-screen, hidden from assistive technology, out of the tab order.
      const trap = form.querySelector('input[name="website"]') as HTMLInputElement;
      expect(trap.getAttribute("tabindex")).toBe("-1");
      expect(trap.getAttribute("autocomplete")).toBe("off");
      expect(trap.closest('[aria-hidden="true"]')?.getAttribute("class")).toBe("subscribe-trap");
      expect(trap.hasAttribute("hidden")).toBe(false);
      expect(trap.getAttribute("type")).toBe("text");
    });
  }

  it("is styled by the theme: the trap off-screen, not display:none, and focus rings", async () => {
    const body = (await theme.render(on, "/")).body;
    const rule = (selector: string) =>
      new RegExp(`${selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\{([^}]*)\\}`).exec(body)?.[1];
    const trap = rule(".subscribe-trap") ?? "";
    expect(trap).toContain("position:absolute");
    expect(trap).toContain("left:-9999px");
    expect(trap).not.toMatch(/display:\s*none|visibility:\s*hidden/);
    expect(rule(".subscribe input:focus-visible,.subscribe button:focus-visible")).toContain(
      "outline:3px solid",
    );
  });

  it("is on no page when the blog takes no subscribers", async () => {
    for (const path of ["/", "/post/post-3", "/subscribe", "/privacy", "/page/1"]) {
      const document = await documentOf(off, path);
      expect(formsOf(document), path).toEqual([]);
      expect(document.querySelector(".subscribe"), path).toBeNull();
      expect(document.body.textContent, path).not.toContain(subscribeConsentText);
    }
    const closed = await documentOf(off, "/subscribe");
    expect(closed.querySelector("h1")?.textContent).toBe("Subscribe");
    expect(closed.querySelector("main")?.textContent).toContain(
      "Garden does not send posts by e-mail right now.",
    );
  });

  it("is on the home page only, not on older archive pages", async () => {
    expect(formsOf(await documentOf(on, "/page/1"))).toEqual([]);
  });

  it("has a page of its own, rendered with the site-wide pages, with its title and canonical", async () => {
    expect(allPages(on)).toContain("/subscribe");
    expect(allPages(off)).toContain("/subscribe");
    const document = await documentOf(on, "/subscribe");
    expect(document.querySelector("title")?.textContent).toBe("Subscribe · Garden");
    expect(document.querySelector("h1")?.textContent).toBe("Get new posts by e-mail");
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://garden.blogs.example/subscribe",
    );
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("is named on the privacy page: what is kept and how to leave", async () => {
    const text = (await documentOf(on, "/privacy")).querySelector("main")?.textContent ?? "";
    expect(text).toContain("The e-mail list");
    expect(text).toContain("keeps your e-mail address, its status");
    expect(text).toContain("the record of your consent");
    expect(text).toContain("use the unsubscribe link in any e-mail");
    const offText = (await documentOf(off, "/privacy")).querySelector("main")?.textContent ?? "";
    expect(offText).not.toContain("The e-mail list");
  });
});
