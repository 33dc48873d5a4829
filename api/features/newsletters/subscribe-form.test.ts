import { eq } from "drizzle-orm";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { subscribers } from "../../db/schema.ts";
import { parseEnv } from "../../env.ts";
import { createSmtpMailer } from "../../mail/mailer.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { startSmtpPeer } from "../../test/smtp-peer.ts";
import { createPublishing } from "../publishing/publishing.ts";

/*
 * The theme's subscribe form on a served blog (decision 375): shown when the server can send
 * e-mail (SMTP_URL and SMTP_FROM), and what it submits is what the subscribe address takes.
 */

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let mailer: ReturnType<typeof createSmtpMailer>;
let open: TestApp;
let closed: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  mailer = createSmtpMailer({ url: smtp.url, from: "Blogfleet <blogs@example.test>" });
  open = await startTestApp({ publishing: true, mailer, env: { BLOG_DOMAIN: "blogs.test" } });
  closed = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
  mailer?.close();
  await smtp?.close();
});

async function blogWithPost(app: TestApp, name: string) {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, name);
  const post = await createPublishedPost(owner, blog.id, { title: "First frost" });
  return { blog, post };
}

const formsOn = (html: string) =>
  [...parseHTML(html).document.querySelectorAll("form")].filter((form) =>
    (form.getAttribute("action") ?? "").endsWith("subscribe"),
  );

describe("the subscribe form on a served blog", () => {
  it("is on the home page and under posts when the server sends e-mail, and subscribes as submitted", async () => {
    const { blog, post } = await blogWithPost(open, "Frost Notes");
    expect((await open.publishing?.loadSnapshot(blog.id))?.site.blog.subscribe).toBe(true);
    for (const path of [`/blog/${blog.slug}/`, `/blog/${blog.slug}/post/${post.slug}`]) {
      const page = await open.client().get(path);
      expect(page.status, path).toBe(200);
      const [form, ...more] = formsOn(page.text);
      expect(more, path).toEqual([]);
      expect(form, path).toBeDefined();
      // Submitted as a browser without JavaScript would: the action resolved against the page.
      const action = new URL(form?.getAttribute("action") as string, `http://x${path}`).pathname;
      expect(action, path).toBe(`/blog/${blog.slug}/subscribe`);
      const fields: Record<string, string> = {};
      for (const input of form?.querySelectorAll("input") ?? []) {
        fields[input.getAttribute("name") as string] = input.getAttribute("value") ?? "";
      }
      fields.email = `reader+${path.length}@example.com`;
      const answer = await open.client().request("POST", action, { form: fields });
      expect(answer.status, path).toBe(200);
      expect(answer.text).toContain("Check your inbox");
      const [row] = await open.db
        .select()
        .from(subscribers)
        .where(eq(subscribers.email, fields.email));
      expect(row?.status).toBe("pending");
      expect(row?.consentPage).toBe(path === `/blog/${blog.slug}/` ? "/" : `/post/${post.slug}`);
    }
    const subscribePage = await open.client().get(`/blog/${blog.slug}/subscribe`);
    expect(subscribePage.status).toBe(200);
    expect(formsOn(subscribePage.text)).toHaveLength(1);
  });

  it("is on no page when the server has no SMTP", async () => {
    const { blog, post } = await blogWithPost(closed, "Thaw Notes");
    expect((await closed.publishing?.loadSnapshot(blog.id))?.site.blog.subscribe).toBe(false);
    for (const path of [
      `/blog/${blog.slug}/`,
      `/blog/${blog.slug}/post/${post.slug}`,
      `/blog/${blog.slug}/subscribe`,
    ]) {
      const page = await closed.client().get(path);
      expect(page.status, path).toBe(200);
      expect(formsOn(page.text), path).toEqual([]);
    }
  });
});

describe("whether blogs take subscribers", () => {
  it("follows the server's SMTP settings when the composition root does not say", async () => {
    const { blog } = await blogWithPost(closed, "Rime Notes");
    const withSmtp = parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: closed.env.DATABASE_URL,
      SITES_DIR: closed.env.SITES_DIR,
      BLOG_DOMAIN: "blogs.test",
      SMTP_URL: smtp.url,
      SMTP_FROM: "Blogfleet <blogs@example.test>",
      APP_ORIGIN: "http://app.example.test",
    });
    for (const [env, subscribe] of [
      [withSmtp, true],
      [closed.env, false],
    ] as const) {
      const publishing = await createPublishing({ db: closed.db, env, sanitize: sanitizePostHtml });
      try {
        expect((await publishing.loadSnapshot(blog.id))?.site.blog.subscribe).toBe(subscribe);
      } finally {
        await publishing.queue.stop();
      }
    }
  });
});
