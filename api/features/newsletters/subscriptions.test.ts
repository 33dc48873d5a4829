import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribeConsentText } from "../../../contracts/newsletters.ts";
import { blogs, subscribers } from "../../db/schema.ts";
import { createSmtpMailer } from "../../mail/mailer.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { rawRequest } from "../../test/raw-http.ts";
import { decodeQuotedPrintable, startSmtpPeer } from "../../test/smtp-peer.ts";
import { unsubscribeToken } from "./subscriptions.ts";

/* Double opt-in and one-click unsubscribing on a blog (issue 36, decision 372). */

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let mailer: ReturnType<typeof createSmtpMailer>;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  mailer = createSmtpMailer({ url: smtp.url, from: "Blogfleet <blogs@example.test>" });
  app = await startTestApp({ publishing: true, mailer, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(async () => {
  await app.close();
  mailer.close();
  await smtp.close();
});

const rowsOf = (blogId: string) =>
  app.db.select().from(subscribers).where(eq(subscribers.blogId, blogId));

async function blogNamed(name: string) {
  const blog = await createBlog(await createOwner(app), name);
  return blog;
}

const subscribe = (slug: string, form: Record<string, string>) =>
  app.client().request("POST", `/blog/${slug}/subscribe`, { form });

/** The confirmation link of the next e-mail, as a path on this server. */
async function nextLink(): Promise<{ to: string[]; path: string; text: string }> {
  const mail = await smtp.next();
  const text = decodeQuotedPrintable(mail.raw);
  const link = /https?:\/\/\S+\/subscribe\/confirm\?token=\S+/.exec(text)?.[0] ?? "";
  const url = new URL(link);
  return { to: mail.to, path: `${url.pathname}${url.search}`, text };
}

describe("subscribing to a blog", () => {
  it("keeps a pending address with its consent, and subscribes it once the link is followed", async () => {
    const blog = await blogNamed("Tide Tables");
    const asked = await subscribe(blog.slug, { email: "Reader@Example.com", page: "/post/spring" });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("Check your inbox");
    const mail = await nextLink();
    expect(mail.to).toEqual(["reader@example.com"]);
    expect(mail.text).toContain("Subject: Confirm your subscription to Tide Tables");
    const [pending] = await rowsOf(blog.id);
    expect(pending).toMatchObject({
      email: "reader@example.com",
      status: "pending",
      consentPage: "/post/spring",
      consentText: subscribeConsentText,
      confirmedAt: null,
    });

    const confirmed = await app.client().get(mail.path);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("You are subscribed");
    const [subscribed] = await rowsOf(blog.id);
    expect(subscribed?.status).toBe("subscribed");
    expect(subscribed?.confirmedAt).toBeInstanceOf(Date);

    // The link of another blog, or a changed one, does nothing.
    const other = await blogNamed("Lighthouse Log");
    const token = new URL(`http://x${mail.path}`).searchParams.get("token") as string;
    expect(
      (await app.client().get(`/blog/${other.slug}/subscribe/confirm?token=${token}`)).status,
    ).toBe(400);
    const changed = `${token.slice(0, -2)}xx`;
    expect(
      (await app.client().get(`/blog/${blog.slug}/subscribe/confirm?token=${changed}`)).status,
    ).toBe(400);
  });

  it("answers the same whatever the address's state, and mails an address at most once an hour", async () => {
    const blog = await blogNamed("Garden Notes");
    const first = await subscribe(blog.slug, { email: "twice@example.com" });
    await nextLink();
    const again = await subscribe(blog.slug, { email: "twice@example.com" });
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    // A bot fills the hidden field: the same answer, nothing kept, nothing sent.
    const bot = await subscribe(blog.slug, { email: "bot@example.com", website: "http://spam" });
    expect(bot.text).toBe(first.text);
    // The next mail to arrive is this one's, not a second for the first address.
    await subscribe(blog.slug, { email: "third@example.com" });
    expect((await nextLink()).to).toEqual(["third@example.com"]);
    expect((await rowsOf(blog.id)).map((row) => row.email).sort()).toEqual([
      "third@example.com",
      "twice@example.com",
    ]);
    const bad = await subscribe(blog.slug, { email: "not an address" });
    expect(bad.status).toBe(400);
  });

  it("works on the blog's own host, and unsubscribes in one click (RFC 8058)", async () => {
    const blog = await blogNamed("Harbour Days");
    await app.db.update(blogs).set({ subdomain: "harbour" }).where(eq(blogs.id, blog.id));
    const asked = await rawRequest(
      app.baseUrl,
      "POST",
      "/subscribe",
      {
        host: "harbour.blogs.test",
        "content-type": "application/x-www-form-urlencoded",
      },
      "email=host%40example.com&page=%2F",
    );
    expect(asked.status).toBe(200);
    const mail = await nextLink();
    expect(mail.text).toContain("http://harbour.blogs.test/subscribe/confirm?token=");
    // The blog's not-found page in memory (the path answered before the app) does not answer
    // the list's links: they are no pages.
    for (let i = 0; i < 2; i++)
      expect(
        (await rawRequest(app.baseUrl, "GET", "/no-such-page", { host: "harbour.blogs.test" }))
          .status,
      ).toBe(404);
    const confirmed = await rawRequest(app.baseUrl, "GET", mail.path, {
      host: "harbour.blogs.test",
    });
    expect(confirmed.status).toBe(200);

    const [row] = await rowsOf(blog.id);
    const token = await unsubscribeToken(app.db, row?.id as string);
    // Following the link (a person, or a mail scanner) only asks: the button posts.
    const asked2 = await rawRequest(
      app.baseUrl,
      "GET",
      `/unsubscribe?token=${encodeURIComponent(token)}`,
      { host: "harbour.blogs.test" },
    );
    expect(asked2.status).toBe(200);
    expect(asked2.body).toContain('<form method="post" action="unsubscribe?token=');
    expect((await rowsOf(blog.id))[0]).toMatchObject({ status: "subscribed" });
    const left = await rawRequest(
      app.baseUrl,
      "POST",
      `/unsubscribe?token=${encodeURIComponent(token)}`,
      { host: "harbour.blogs.test", "content-type": "application/x-www-form-urlencoded" },
      "List-Unsubscribe=One-Click",
    );
    expect(left.status).toBe(200);
    expect(left.body).toContain("You are unsubscribed");
    expect((await rowsOf(blog.id))[0]).toMatchObject({ status: "unsubscribed" });
    // The confirmation link does not subscribe it again behind its back.
    expect(
      (await rawRequest(app.baseUrl, "GET", mail.path, { host: "harbour.blogs.test" })).status,
    ).toBe(400);
  });
});

describe("without e-mail", () => {
  it("says the blog cannot take subscriptions, and keeps nothing", async () => {
    const silent = await startTestApp({ publishing: true });
    try {
      const blog = await createBlog(await createOwner(silent), "Quiet");
      const res = await silent.client().request("POST", `/blog/${blog.slug}/subscribe`, {
        form: { email: "reader@example.com" },
      });
      expect(res.status).toBe(503);
      expect(await silent.db.select().from(subscribers)).toEqual([]);
    } finally {
      await silent.close();
    }
  });
});
