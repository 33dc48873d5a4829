import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogNewsletter } from "../../../contracts/newsletter-issues.ts";
import type { Post } from "../../../contracts/posts.ts";
import {
  blogs,
  commissions,
  newsletterDeliveries,
  newsletterIssues,
  posts,
  subscribers,
} from "../../db/schema.ts";
import { createLogger } from "../../logger.ts";
import { createSmtpMailer, type Mail, type Mailer } from "../../mail/mailer.ts";
import { createBlog, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawRequest } from "../../test/raw-http.ts";
import { type ReceivedMail, type SmtpPeerOptions, startSmtpPeer } from "../../test/smtp-peer.ts";
import { withoutIssueSuffix } from "../affiliate-links/sub-id.ts";
import { type DeliveryDeps, deferralMinutes, sendIssue } from "./delivery.ts";
import { makeDigestIssue, makeDueIssues } from "./issues.ts";

/* Sending a post to a blog's list over SMTP, as jobs do it (issue 36, decision 373). */

type Peer = Awaited<ReturnType<typeof startSmtpPeer>>;
let smtp: Peer;
let mailer: Mailer;
let app: TestApp;
const closing: (() => unknown)[] = [];
beforeAll(async () => {
  smtp = await startSmtpPeer();
  mailer = createSmtpMailer({ url: smtp.url, from: "Blogfleet <blogs@example.test>" });
  app = await startTestApp({ publishing: true, mailer, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(async () => {
  for (const close of closing) await close();
  await app.close();
  mailer.close();
  await smtp.close();
});

const logger = createLogger("silent");
const deliveryWith = (sender: Mailer, clock?: () => Date): DeliveryDeps => ({
  db: app.db,
  mailer: sender,
  canonical: app.publishing?.canonical as DeliveryDeps["canonical"],
  logger,
  clock,
});
const issueDeps = () => ({
  db: app.db,
  publishing: app.publishing as NonNullable<TestApp["publishing"]>,
});

/** Another SMTP server and a mailer to it, closed after the tests. */
async function peerWith(options: SmtpPeerOptions) {
  const peer = await startSmtpPeer(options);
  const sender = createSmtpMailer({ url: peer.url, from: "Blogfleet <blogs@example.test>" });
  closing.push(
    () => sender.close(),
    () => peer.close(),
  );
  return { peer, sender };
}

let blogCount = 0;
/** A blog on its own host with `addresses` subscribed an hour ago, and a pending and a gone one. */
async function listOf(addresses: string[]) {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, `Letters ${++blogCount}`);
  await app.db
    .update(blogs)
    .set({ subdomain: `letters${blogCount}` })
    .where(eq(blogs.id, blog.id));
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await app.db.insert(subscribers).values([
    ...addresses.map((email) => ({
      blogId: blog.id,
      email,
      status: "subscribed" as const,
      confirmedAt: hourAgo,
    })),
    { blogId: blog.id, email: `pending${blogCount}@example.com`, status: "pending" as const },
    {
      blogId: blog.id,
      email: `gone${blogCount}@example.com`,
      status: "unsubscribed" as const,
      confirmedAt: hourAgo,
    },
  ]);
  return { owner, blog };
}

/** A post published with "Also send by e-mail" ticked, and the issue the sweep makes of it. */
async function sentPost(owner: TestClient, blogId: string, title = "Spring tides") {
  const post = await createPost(owner, blogId, {
    title,
    content: "<p>The moon pulls <strong>twice</strong> a day.</p>",
  });
  const ticked = await owner.put(`/api/posts/${post.id}/newsletter`, { sendByEmail: true });
  expect(ticked.status).toBe(200);
  for (const status of ["under_review", "published"])
    expect((await owner.patch<Post>(`/api/posts/${post.id}/status`, { status })).status).toBe(200);
  // The sweep makes the issue once the post's page is live (its render done).
  const issueOf = async () => {
    await makeDueIssues(issueDeps());
    const [row] = await app.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.postId, post.id));
    return row;
  };
  await expect.poll(issueOf, { timeout: 20_000, interval: 50 }).toBeDefined();
  const issue = await issueOf();
  if (!issue) throw new Error("no issue made");
  return { post, issue };
}

const to = (mails: ReceivedMail[]) => mails.flatMap((m) => m.to).sort();
const deliveriesOf = (issueId: string) =>
  app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issueId));

describe("sending a post to the list", () => {
  it("sends a live post once to each confirmed address, with one-click unsubscribing", async () => {
    const list = ["a1@example.com", "b1@example.com", "c1@example.com"];
    const { owner, blog } = await listOf(list);
    const { post, issue } = await sentPost(owner, blog.id);
    expect(issue).toMatchObject({ number: 1, kind: "post", status: "queued" });
    // The post's choice is used up, and the sweep makes no second issue of it.
    const [row] = await app.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.sendByEmail).toBe(false);
    await makeDueIssues(issueDeps());
    expect(
      await app.db.select().from(newsletterIssues).where(eq(newsletterIssues.blogId, blog.id)),
    ).toHaveLength(1);

    const before = smtp.received.length;
    expect(await sendIssue(deliveryWith(mailer), issue.id)).toBe("sent");
    const mails = smtp.received.slice(before);
    expect(to(mails)).toEqual(list);
    // Ticking "send by e-mail" again is refused: a post goes out once.
    const again = await owner.put(`/api/posts/${post.id}/newsletter`, { sendByEmail: true });
    expect(again.status).toBe(409);
    expect(again.text).toContain("sent by e-mail already, as issue 1");
    // Sent again (a second job, a retry): nobody gets it twice.
    expect(await sendIssue(deliveryWith(mailer), issue.id)).toBe("stopped");
    expect(smtp.received.length).toBe(before + 3);

    const parsed = await simpleParser((mails[0] as ReceivedMail).raw);
    expect(parsed.subject).toBe("Spring tides");
    expect(parsed.from?.value).toEqual([
      { name: `Letters ${blogCount}`, address: "blogs@example.test" },
    ]);
    expect(parsed.html).toContain("The moon pulls");
    expect(parsed.text).toContain("The moon pulls twice a day.");
    const raw = (mails[0] as ReceivedMail).raw;
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw).toMatch(
      new RegExp(`^List-I[dD]: "Letters ${blogCount}" <${blog.id}\\.list\\.`, "m"),
    );
    const recipient = (mails[0] as ReceivedMail).to[0] as string;
    const [subscriber] = await app.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.blogId, blog.id), eq(subscribers.email, recipient)));
    expect(parsed.messageId).toMatch(new RegExp(`^<${issue.id}\\.${subscriber?.id}@letters`));
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)?.[1];
    const link = new URL(unsubscribe as string);
    expect(link.hostname).toBe(`letters${blogCount}.blogs.test`);
    expect(parsed.text).toContain(link.toString());

    // The mail program's one click (RFC 8058), counted in the issue's report.
    const left = await rawRequest(
      app.baseUrl,
      "POST",
      `${link.pathname}${link.search}`,
      { host: link.host, "content-type": "application/x-www-form-urlencoded" },
      "List-Unsubscribe=One-Click",
    );
    expect(left.status).toBe(200);
    const report = await owner.get<BlogNewsletter>(`/api/blogs/${blog.id}/newsletter`);
    expect(report.body.subscribed).toBe(2);
    expect(report.body.issues[0]).toMatchObject({
      number: 1,
      status: "sent",
      recipients: 3,
      report: { sent: 3, delivered: 3, bounced: 0, unsubscribed: 1 },
    });
  });

  it("resumes after the SMTP server fails mid-batch, sending nobody the issue twice", async () => {
    const list = ["a2@example.com", "b2@example.com", "c2@example.com", "d2@example.com"];
    const { owner, blog } = await listOf(list);
    const { issue } = await sentPost(owner, blog.id);
    const failing = await peerWith({ failAfter: 2 });
    await expect(sendIssue(deliveryWith(failing.sender), issue.id)).rejects.toThrow(
      /SMTP server failed/,
    );
    expect(failing.peer.received).toHaveLength(2);
    const [stopped] = await app.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issue.id));
    expect(stopped).toMatchObject({ status: "sending" });
    expect(stopped?.error).toMatch(/421/);

    const healthy = await peerWith({});
    expect(await sendIssue(deliveryWith(healthy.sender), issue.id)).toBe("sent");
    expect([...to(failing.peer.received), ...to(healthy.peer.received)].sort()).toEqual(list);
    expect(healthy.peer.received).toHaveLength(2);
  });

  it("never sends again a message that was under way when the sender died", async () => {
    const list = ["a3@example.com", "b3@example.com", "c3@example.com"];
    const { owner, blog } = await listOf(list);
    const { issue } = await sentPost(owner, blog.id);
    // The process dies while the message to b3 is with the SMTP server: that send never ends.
    let release: () => void = () => {};
    const dying: Mailer = {
      from: mailer.from,
      send: (mail: Mail) =>
        mail.to === "b3@example.com"
          ? new Promise<void>((resolve) => {
              release = resolve;
            })
          : mailer.send(mail),
      close: () => {},
    };
    const before = smtp.received.length;
    const abandoned = sendIssue(deliveryWith(dying), issue.id);
    await expect
      .poll(async () => (await deliveriesOf(issue.id)).map((d) => d.status).sort(), {
        timeout: 10_000,
      })
      .toEqual(["sending", "sent", "sent"]);

    // The next start resumes the issue: b3's message may have arrived, so it is not sent again.
    expect(await sendIssue(deliveryWith(mailer), issue.id)).toBe("sent");
    const rows = await deliveriesOf(issue.id);
    expect(rows.map((d) => d.status).sort()).toEqual(["sent", "sent", "unknown"]);
    expect(to(smtp.received.slice(before))).toEqual(["a3@example.com", "c3@example.com"]);
    release();
    await abandoned.catch(() => {});
  });

  it("stops mailing a mailbox the server refuses, and tries a full one again later", async () => {
    const list = ["full4@example.com", "nobody4@example.com", "ok4@example.com"];
    const { owner, blog } = await listOf(list);
    const { issue } = await sentPost(owner, blog.id);
    let fullRefusals = 1;
    const strict = await peerWith({
      refuseRecipient: (address) => {
        if (address === "nobody4@example.com")
          return { code: 550, message: "5.1.1 No such mailbox" };
        if (address === "full4@example.com" && fullRefusals-- > 0)
          return { code: 452, message: "4.2.2 Mailbox full" };
        return undefined;
      },
    });
    const start = new Date();
    expect(
      await sendIssue(
        deliveryWith(strict.sender, () => start),
        issue.id,
      ),
    ).toBe("waiting");
    expect(to(strict.peer.received)).toEqual(["ok4@example.com"]);
    const byEmail = async () => {
      const rows = await app.db
        .select({ email: subscribers.email, status: subscribers.status })
        .from(subscribers)
        .where(eq(subscribers.blogId, blog.id));
      return Object.fromEntries(rows.map((r) => [r.email, r.status]));
    };
    expect((await byEmail())["nobody4@example.com"]).toBe("bounced");
    const statuses = (await deliveriesOf(issue.id)).map((d) => d.status).sort();
    expect(statuses).toEqual(["deferred", "failed", "sent"]);

    // Before its wait is over the full mailbox waits; after it, it gets the issue.
    expect(
      await sendIssue(
        deliveryWith(strict.sender, () => start),
        issue.id,
      ),
    ).toBe("waiting");
    const later = new Date(start.getTime() + (deferralMinutes + 1) * 60_000);
    expect(
      await sendIssue(
        deliveryWith(strict.sender, () => later),
        issue.id,
      ),
    ).toBe("sent");
    expect(to(strict.peer.received)).toEqual(["full4@example.com", "ok4@example.com"]);

    // The next issue skips the refused mailbox.
    const { issue: second } = await sentPost(owner, blog.id, "Neap tides");
    expect(second.number).toBe(2);
    expect(await sendIssue(deliveryWith(strict.sender), second.id)).toBe("sent");
    expect(to(strict.peer.received.slice(2))).toEqual(["full4@example.com", "ok4@example.com"]);
    const report = await owner.get<BlogNewsletter>(`/api/blogs/${blog.id}/newsletter`);
    expect(report.body.issues.find((i) => i.number === 1)?.report).toMatchObject({
      delivered: 2,
      bounced: 1,
    });
  });

  it("sends from the bounce address as envelope sender, so reports go there", async () => {
    const { owner, blog } = await listOf(["a6@example.com"]);
    const { issue } = await sentPost(owner, blog.id);
    const before = smtp.received.length;
    const deps = { ...deliveryWith(mailer), bounceAddress: "bounces@example.test" };
    expect(await sendIssue(deps, issue.id)).toBe("sent");
    const [mail] = smtp.received.slice(before);
    expect(mail?.from).toBe("bounces@example.test");
    expect((await simpleParser(mail?.raw ?? "")).from?.value[0]?.address).toBe(
      "blogs@example.test",
    );
  });

  it("counts the e-mail's affiliate clicks and their commissions for the issue", async () => {
    const { owner, blog } = await listOf(["a7@example.com"]);
    const link = await owner.post<{ id: string }>("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "tide table",
      url: "https://shop.example.com/tides",
      subIdParam: "tag",
      subIdTemplate: "{post}",
    });
    expect(link.status).toBe(201);
    const post = await createPost(owner, blog.id, {
      title: "Reading the sea",
      content: "<p>Buy a tide table before you sail.</p>",
    });
    await owner.put(`/api/posts/${post.id}/newsletter`, { sendByEmail: true });
    for (const status of ["under_review", "published"])
      await owner.patch(`/api/posts/${post.id}/status`, { status });
    await expect
      .poll(async () => (await makeDueIssues(issueDeps())).length > 0, { timeout: 20_000 })
      .toBe(true);
    const [issue] = await app.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.postId, post.id));
    if (!issue) throw new Error("no issue");
    const before = smtp.received.length;
    expect(await sendIssue(deliveryWith(mailer), issue.id)).toBe("sent");
    const html = (await simpleParser(smtp.received[before]?.raw ?? "")).html || "";
    const go = /href="(http:\/\/letters\d+\.blogs\.test\/go\/[^"]+)"/.exec(html)?.[1];
    expect(go).toContain(`i=${issue.id}`);
    const url = new URL((go as string).replaceAll("&amp;", "&"));
    const click = await rawRequest(app.baseUrl, "GET", `${url.pathname}${url.search}`, {
      host: url.host,
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    });
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe(`https://shop.example.com/tides?tag=${post.slug}-nl1`);
    expect(withoutIssueSuffix(`${post.slug}-nl1`)).toEqual({ subId: post.slug, issue: 1 });
    await app.db.insert(commissions).values({
      blogId: blog.id,
      postId: post.id,
      network: "amazon",
      externalId: "order-1",
      subId: `${post.slug}-nl1`,
      day: "2026-11-30",
      amountMinor: 250,
      currency: "USD",
    });
    const report = await owner.get<BlogNewsletter>(`/api/blogs/${blog.id}/newsletter`);
    expect(report.body.issues[0]?.report).toMatchObject({
      affiliateClicks: 1,
      revenue: [{ currency: "USD", amountMinor: 250 }],
    });
  });

  it("makes a weekly digest of the posts not sent on their own, once a week", async () => {
    const { owner, blog } = await listOf(["a5@example.com"]);
    await app.db.update(blogs).set({ newsletterWeeklyDigest: true }).where(eq(blogs.id, blog.id));
    await sentPost(owner, blog.id, "Sent alone");
    const quiet = await createPost(owner, blog.id, { title: "Only in the digest" });
    for (const status of ["under_review", "published"])
      await owner.patch(`/api/posts/${quiet.id}/status`, { status });
    const digest = await makeDigestIssue(issueDeps(), blog.id);
    expect(digest).toMatchObject({ kind: "digest", number: 2 });
    expect(digest?.html).toContain("Only in the digest");
    expect(digest?.html).not.toContain("Sent alone");
    expect(await makeDigestIssue(issueDeps(), blog.id)).toBeUndefined();
    const weekLater = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    // A week on, with nothing new since, there is nothing to send.
    expect(
      await makeDigestIssue({ ...issueDeps(), clock: () => weekLater }, blog.id),
    ).toBeUndefined();
  });
});

describe("the dashboard's newsletter", () => {
  it("previews the e-mail, sends a test to the person asking, and saves the blog's settings", async () => {
    const email = `editor-${Date.now()}@example.com`;
    const owner = await createOwner(app, email);
    const blog = await createBlog(owner, "Preview Bay");
    const post = await createPost(owner, blog.id, { title: "Shells", content: "<p>Cowries</p>" });
    const preview = await owner.get<{ subject: string; html: string; text: string }>(
      `/api/posts/${post.id}/newsletter/preview`,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe("Shells");
    expect(preview.body.html).toContain("Cowries");
    const test = await owner.post(`/api/posts/${post.id}/newsletter/test`, {});
    expect(test.status).toBe(200);
    const arrived = smtp.received.filter((mail) => mail.to.includes(email));
    expect(arrived).toHaveLength(1);
    expect((await simpleParser((arrived[0] as ReceivedMail).raw)).subject).toBe("[Test] Shells");

    const bad = await owner.patch(`/api/blogs/${blog.id}/newsletter`, {
      senderAddress: "not an address",
      weeklyDigest: "yes",
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Sender address must be an e-mail address");
    expect(bad.text).toContain("weeklyDigest must be true or false");
    const saved = await owner.patch<BlogNewsletter>(`/api/blogs/${blog.id}/newsletter`, {
      senderName: "Bay Notes",
      sendByDefault: true,
    });
    expect(saved.body.settings).toMatchObject({ senderName: "Bay Notes", sendByDefault: true });
  });
});
