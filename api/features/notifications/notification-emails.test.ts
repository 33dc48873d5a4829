import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogMembers, notifications } from "../../db/schema.ts";
import { startJobs } from "../../jobs/jobs.ts";
import { createPgBossQueue } from "../../jobs/pg-boss-queue.ts";
import { createSqliteQueue } from "../../jobs/sqlite-queue.ts";
import { createLogger } from "../../logger.ts";
import { createSmtpMailer } from "../../mail/mailer.ts";
import { onPostgres } from "../../test/dialect.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { decodeQuotedPrintable, startSmtpPeer } from "../../test/smtp-peer.ts";
import { sendNotificationEmails } from "./emails.ts";

/* Notifications by e-mail when the server sends e-mail (decision 369). */

const appOrigin = "http://app.example.test";
const from = "Blogfleet <blogs@example.test>";
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  // The jobs get the mailer (as api/server.ts gives it); requests never send e-mail.
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const emailOf = async (client: TestClient) =>
  (await client.get<{ email: string }>("/api/auth/user")).body.email;

/** An address nothing listens on: an SMTP server that is down. */
async function deadSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

async function submit(writer: TestClient, blogId: string, title: string) {
  const post = await createPost(writer, blogId, { title });
  const res = await writer.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
  expect(res.status).toBe(200);
  return post;
}

const pendingOf = async (postId: string) =>
  (
    await app.db
      .select({ pending: notifications.emailPending })
      .from(notifications)
      .where(eq(notifications.postId, postId))
  ).map((row) => row.pending);

describe("notification e-mails", () => {
  it("e-mail each reviewer once, with a link to the post", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Garden Notes");
    const writer = await createMember(app, blog.id, "writer");
    const post = await submit(writer, blog.id, "Tomatoes");
    const mailer = createSmtpMailer({ url: smtp.url, from });
    const already = smtp.received.length;
    expect(await sendNotificationEmails({ db: app.db, mailer, appOrigin })).toBe(1);
    const mail = await smtp.next();
    expect(mail.to).toEqual([await emailOf(owner)]);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain("submitted “Tomatoes” for review");
    expect(text).toContain(`${appOrigin}/editor?id=${post.id}`);
    // Sent once: the next run finds nothing to send.
    expect(await sendNotificationEmails({ db: app.db, mailer, appOrigin })).toBe(0);
    expect(smtp.received.length).toBe(already + 1);
    mailer.close();
  });

  it("a failing SMTP server fails the e-mail run, never the change, and the e-mail is sent later", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const writer = await createMember(app, blog.id, "writer");
    const post = await submit(writer, blog.id, "Peppers");
    expect(await pendingOf(post.id)).toEqual([true]);

    const down = createSmtpMailer({ url: await deadSmtpUrl(), from });
    await expect(sendNotificationEmails({ db: app.db, mailer: down, appOrigin })).rejects.toThrow();
    down.close();
    // The post was submitted all the same, and its e-mail still waits.
    expect((await writer.get<{ status: string }>(`/api/posts/${post.id}`)).body.status).toBe(
      "under_review",
    );
    expect(await pendingOf(post.id)).toEqual([true]);

    // The job of the job system sends it once SMTP answers again.
    const queue = onPostgres
      ? await createPgBossQueue({
          connectionString: app.env.DATABASE_URL,
          pollingIntervalSeconds: 0.5,
        })
      : await createSqliteQueue({ db: app.db });
    const mailer = createSmtpMailer({ url: smtp.url, from });
    try {
      const publishing = { queue: { stop: async () => {} } } as never;
      const running = await startJobs(
        {
          db: app.db,
          ai: app.aiGate,
          publishing,
          contentEvents: { blogChanged: async () => {} } as never,
          logger: createLogger("silent"),
          queue,
          mailer,
          appOrigin,
        },
        ["notification e-mails"],
      );
      running.runSoon("notification e-mails");
      await expect
        .poll(() => pendingOf(post.id), { timeout: 15_000, interval: 100 })
        .toEqual([false]);
      expect(smtp.received.at(-1)?.to).toEqual([await emailOf(owner)]);
    } finally {
      await queue.stop();
      mailer.close();
    }
  }, 30_000);

  it("e-mail nobody who has left the blog, and nothing older than a day", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const writer = await createMember(app, blog.id, "writer");
    const editor = await createMember(app, blog.id, "editor");
    const old = await submit(writer, blog.id, "Old news");
    await app.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(notifications.postId, old.id));
    const post = await submit(writer, blog.id, "Fresh news");
    expect(await pendingOf(post.id)).toEqual([true, true]);
    const editorEmail = await emailOf(editor);
    await app.db.delete(blogMembers).where(eq(blogMembers.blogId, blog.id));
    await app.db.insert(blogMembers).values({
      blogId: blog.id,
      userId: (await writer.get<{ id: string }>("/api/auth/user")).body.id,
      role: "writer",
    });
    const mailer = createSmtpMailer({ url: smtp.url, from });
    const already = smtp.received.length;
    expect(await sendNotificationEmails({ db: app.db, mailer, appOrigin })).toBe(1);
    mailer.close();
    const sent = smtp.received.slice(already);
    expect(sent.map((mail) => mail.to)).toEqual([[await emailOf(owner)]]);
    expect(sent.some((mail) => mail.to.includes(editorEmail))).toBe(false);
    expect(decodeQuotedPrintable(sent[0]?.raw ?? "")).toContain("Fresh news");
    expect(await pendingOf(post.id)).toEqual([false, false]);
  });
});
