import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubscriberStatus } from "../../../contracts/newsletters.ts";
import { newsletterDeliveries, newsletterIssues, subscribers } from "../../db/schema.ts";
import { errorHandler } from "../../http/errors.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { bounceWebhookRoutes } from "./bounce-routes.ts";
import { recordBounce } from "./bounces.ts";

/* Bounces and complaints: the webhook per provider, and DSN messages (decision 376). */

const secret = "bounce-secret-0123456789";
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { NEWSLETTER_WEBHOOK_SECRET: secret } });
});
afterAll(async () => {
  await app?.close();
});

let counter = 0;
/** A blog with one issue sent to `emails`, each delivery with a Message-ID of its own. */
async function sentIssue(emails: string[], status: SubscriberStatus = "subscribed") {
  const blog = await createBlog(await createOwner(app));
  const [issue] = await app.db
    .insert(newsletterIssues)
    .values({
      blogId: blog.id,
      number: 1,
      kind: "post",
      subject: "New post",
      html: "<p>New post</p>",
      text: "New post",
      status: "sent",
    })
    .returning();
  const rows = [];
  for (const email of emails) {
    const [subscriber] = await app.db
      .insert(subscribers)
      .values({ blogId: blog.id, email, status, confirmedAt: new Date() })
      .returning();
    const messageId = `<issue-${++counter}.${subscriber?.id}@blogs.example.test>`;
    await app.db.insert(newsletterDeliveries).values({
      issueId: issue?.id as string,
      subscriberId: subscriber?.id as string,
      status: "sent",
      messageId,
    });
    rows.push({ subscriberId: subscriber?.id as string, messageId, email });
  }
  return { blog, issueId: issue?.id as string, recipients: rows };
}

const statusOf = async (subscriberId: string) =>
  (await app.db.select().from(subscribers).where(eq(subscribers.id, subscriberId)))[0]?.status;
const deliveryOf = async (subscriberId: string) =>
  (
    await app.db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.subscriberId, subscriberId))
  )[0];

const unique = (name: string) => `${name}-${++counter}@example.net`;

type Send = { body: string | Buffer; type?: string; auth?: "token" | "basic" | "none" | "wrong" };
function post(provider: string, { body, type = "application/json", auth = "token" }: Send) {
  const headers: Record<string, string> = { "content-type": type };
  let path = `/api/newsletter-webhooks/${provider}`;
  if (auth === "token") path += `?token=${secret}`;
  if (auth === "wrong") path += "?token=not-the-secret";
  if (auth === "basic")
    headers.authorization = `Basic ${Buffer.from(`bounces:${secret}`).toString("base64")}`;
  return app.client().request("POST", path, {
    raw: typeof body === "string" ? Buffer.from(body) : body,
    headers,
    origin: null,
  });
}

/* Fixtures after the providers' published examples. */

/** Amazon SNS's envelope around an SES notification (SNS posts it as text/plain). */
const sns = (message: object) =>
  JSON.stringify({
    Type: "Notification",
    MessageId: "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
    TopicArn: "arn:aws:sns:us-east-1:123456789012:ses-bounces",
    Message: JSON.stringify(message),
    Timestamp: "2026-11-30T05:00:00.000Z",
    SignatureVersion: "1",
    Signature: "EXAMPLE",
    SigningCertURL: "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0000.pem",
    UnsubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe",
  });
const sesMail = (to: string, messageId: string) => ({
  timestamp: "2026-11-30T04:59:58.000Z",
  source: "news@blogs.example.test",
  messageId: "0000014a-f896-4c47-b8da-ab2d1b0a1a9b-000000",
  destination: [to],
  headersTruncated: false,
  headers: [
    { name: "From", value: "news@blogs.example.test" },
    { name: "To", value: to },
    { name: "Message-ID", value: messageId },
  ],
  commonHeaders: { from: ["news@blogs.example.test"], to: [to], messageId, subject: "New post" },
});
const sesBounce = (to: string, messageId: string, bounceType: "Permanent" | "Transient") =>
  sns({
    notificationType: "Bounce",
    bounce: {
      bounceType,
      bounceSubType: bounceType === "Permanent" ? "General" : "MailboxFull",
      bouncedRecipients: [
        {
          emailAddress: to,
          action: "failed",
          status: bounceType === "Permanent" ? "5.1.1" : "4.2.2",
          diagnosticCode: `smtp; ${bounceType === "Permanent" ? "550 5.1.1 user unknown" : "452 4.2.2 mailbox full"}`,
        },
      ],
      timestamp: "2026-11-30T05:00:00.000Z",
      feedbackId: "00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000",
    },
    mail: sesMail(to, messageId),
  });
const sesComplaint = (to: string, messageId: string) =>
  sns({
    notificationType: "Complaint",
    complaint: {
      complainedRecipients: [{ emailAddress: to }],
      timestamp: "2026-11-30T05:00:00.000Z",
      feedbackId: "0000013786031775-fea503bc-7497-49e1-881b-a0379bb037d3-000000",
      complaintFeedbackType: "abuse",
    },
    mail: sesMail(to, messageId),
  });
const postmark = (to: string, type: string, recordType = "Bounce") =>
  JSON.stringify({
    RecordType: recordType,
    MessageStream: "outbound",
    ID: 4323372036,
    Type: type,
    TypeCode: type === "HardBounce" ? 1 : 4096,
    Name: type,
    Tag: "newsletter",
    MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
    ServerID: 23,
    Description:
      "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    Email: to,
    From: "news@blogs.example.test",
    BouncedAt: "2026-11-30T05:00:00.000Z",
    DumpAvailable: true,
    Inactive: type === "HardBounce",
    CanActivate: true,
    Subject: "New post",
  });
const mailgun = (to: string, messageId: string, event: string, severity?: string) =>
  JSON.stringify({
    signature: {
      timestamp: "1764478800",
      token: "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0",
      signature: "d2271d12299f6592d9d44cd9d250f0704e4674c30d79d07c47a66f95ce71cf55",
    },
    "event-data": {
      event,
      ...(severity ? { severity, reason: "bounce" } : {}),
      id: "G9Bn5sl1TC6nu79C8C0bwg",
      timestamp: 1764478800.1,
      "log-level": "error",
      recipient: to,
      "recipient-domain": "example.net",
      message: {
        headers: {
          to,
          "message-id": messageId.replace(/^<|>$/g, ""),
          from: "news@blogs.example.test",
          subject: "New post",
        },
        attachments: [],
        size: 111,
      },
      "delivery-status": {
        code: severity === "temporary" ? 452 : 550,
        message: "",
        description: severity === "temporary" ? "Mailbox full" : "No such user",
      },
    },
  });
/** A Postfix-style RFC 3464 report returning the message's headers. */
const dsn = (to: string, messageId: string, status: string, action = "failed") =>
  [
    "From: Mail Delivery System <MAILER-DAEMON@mx.example.test>",
    "To: bounces@blogs.example.test",
    "Subject: Undelivered Mail Returned to Sender",
    "Date: Mon, 30 Nov 2026 05:00:00 +0000",
    "Message-Id: <20261130050000.AAAA@mx.example.test>",
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"',
    "",
    "--B1",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "Your message could not be delivered.",
    "",
    "--B1",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.test",
    "Arrival-Date: Mon, 30 Nov 2026 04:59:58 +0000",
    "",
    `Final-Recipient: rfc822; ${to}`,
    `Original-Recipient: rfc822;${to}`,
    `Action: ${action}`,
    `Status: ${status}`,
    "Remote-MTA: dns; mx.example.net",
    `Diagnostic-Code: smtp; ${status.startsWith("5") ? "550" : "452"} ${status} <${to}>:`,
    "    Recipient address rejected",
    "",
    "--B1",
    "Content-Type: text/rfc822-headers",
    "",
    "From: Garden <news@blogs.example.test>",
    `To: ${to}`,
    "Subject: New post",
    `Message-ID: ${messageId}`,
    "",
    "--B1--",
    "",
  ].join("\r\n");
/** An RFC 5965 abuse report returning the whole message. */
const arf = (to: string, messageId: string) =>
  [
    "From: <abuse@isp.example.net>",
    "To: <bounces@blogs.example.test>",
    "Subject: FW: New post",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="part1"',
    "",
    "--part1",
    "Content-Type: text/plain",
    "",
    "This is an email abuse report.",
    "",
    "--part1",
    "Content-Type: message/feedback-report",
    "",
    "Feedback-Type: abuse",
    "User-Agent: SomeGenerator/1.0",
    "Version: 1",
    `Original-Rcpt-To: <${to}>`,
    "",
    "--part1",
    "Content-Type: message/rfc822",
    "Content-Disposition: inline",
    "",
    "From: Garden <news@blogs.example.test>",
    `To: ${to}`,
    "Subject: New post",
    `Message-ID: ${messageId}`,
    "",
    "Hello.",
    "",
    "--part1--",
    "",
  ].join("\r\n");

const hard: [provider: string, body: (to: string, id: string) => string, type: string][] = [
  ["ses", (to, id) => sesBounce(to, id, "Permanent"), "text/plain; charset=UTF-8"],
  ["mailgun", (to, id) => mailgun(to, id, "failed", "permanent"), "application/json"],
  ["dsn", (to, id) => dsn(to, id, "5.1.1"), "message/rfc822"],
];
const soft: typeof hard = [
  ["ses", (to, id) => sesBounce(to, id, "Transient"), "text/plain; charset=UTF-8"],
  ["postmark", (to) => postmark(to, "SoftBounce"), "application/json"],
  ["mailgun", (to, id) => mailgun(to, id, "failed", "temporary"), "application/json"],
  ["dsn", (to, id) => dsn(to, id, "4.2.2", "delayed"), "message/rfc822"],
];
const complaints: typeof hard = [
  ["ses", sesComplaint, "text/plain; charset=UTF-8"],
  ["postmark", (to) => postmark(to, "SpamComplaint", "SpamComplaint"), "application/json"],
  ["mailgun", (to, id) => mailgun(to, id, "complained"), "application/json"],
  ["dsn", arf, "message/rfc822"],
];

describe("a hard bounce", () => {
  for (const [provider, body, type] of hard) {
    it(`from ${provider} marks the delivery and the subscriber bounced, once`, async () => {
      const to = unique(`gone-${provider}`);
      const { recipients } = await sentIssue([to, unique("stays")]);
      const [gone, stays] = recipients as [(typeof recipients)[0], (typeof recipients)[0]];
      const res = await post(provider, { body: body(to, gone.messageId), type });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ received: 1, changed: { deliveries: 1, subscribers: 1 } });
      expect(await statusOf(gone.subscriberId)).toBe("bounced");
      const delivery = await deliveryOf(gone.subscriberId);
      expect(delivery?.status).toBe("bounced");
      expect(delivery?.error).toMatch(/5\.1\.1|No such user/);
      // The other recipient of the issue is untouched.
      expect(await statusOf(stays.subscriberId)).toBe("subscribed");
      expect((await deliveryOf(stays.subscriberId))?.status).toBe("sent");
      // The provider retries: nothing changes the second time.
      const again = await post(provider, { body: body(to, gone.messageId), type });
      expect(again.body).toEqual({ received: 1, changed: { deliveries: 0, subscribers: 0 } });
    });
  }

  it("from Postmark (its own MessageID) stops the address on every blog, with HTTP Basic", async () => {
    const to = unique("gone-postmark");
    const first = await sentIssue([to]);
    const second = await sentIssue([to]);
    const other = await sentIssue([unique("stays")]);
    const res = await post("postmark", { body: postmark(to, "HardBounce"), auth: "basic" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ received: 1, changed: { deliveries: 0, subscribers: 2 } });
    for (const { recipients } of [first, second]) {
      expect(await statusOf(recipients[0]?.subscriberId as string)).toBe("bounced");
    }
    expect(await statusOf(other.recipients[0]?.subscriberId as string)).toBe("subscribed");
  });

  it("matches the Message-ID with or without angle brackets, in any case", async () => {
    const to = unique("case");
    const { recipients } = await sentIssue([to]);
    const id = recipients[0]?.messageId as string;
    const outcome = await recordBounce(app.db, {
      email: to.toUpperCase(),
      kind: "hard",
      messageId: ` ${id.slice(1, -1)} `,
      detail: "550 gone",
    });
    expect(outcome).toEqual({ deliveries: 1, subscribers: 1 });
  });
});

describe("a soft bounce", () => {
  for (const [provider, body, type] of soft) {
    it(`from ${provider} changes no status`, async () => {
      const to = unique(`full-${provider}`);
      const { recipients } = await sentIssue([to]);
      const id = recipients[0]?.messageId as string;
      const res = await post(provider, { body: body(to, id), type });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ received: 1, changed: { subscribers: 0 } });
      expect(await statusOf(recipients[0]?.subscriberId as string)).toBe("subscribed");
      expect((await deliveryOf(recipients[0]?.subscriberId as string))?.status).toBe("sent");
    });
  }
});

describe("a complaint", () => {
  for (const [provider, body, type] of complaints) {
    it(`from ${provider} marks the subscriber complained`, async () => {
      const to = unique(`angry-${provider}`);
      const { recipients } = await sentIssue([to]);
      const id = recipients[0]?.messageId as string;
      const res = await post(provider, { body: body(to, id), type });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ received: 1, changed: { subscribers: 1 } });
      expect(await statusOf(recipients[0]?.subscriberId as string)).toBe("complained");
    });
  }

  it("never makes an unsubscribed address subscribed, and a bounce never undoes a complaint", async () => {
    const to = unique("left");
    const { recipients } = await sentIssue([to], "unsubscribed");
    const id = recipients[0]?.subscriberId as string;
    await recordBounce(app.db, { email: to, kind: "soft", detail: "full" });
    expect(await statusOf(id)).toBe("unsubscribed");
    await recordBounce(app.db, { email: to, kind: "complaint", detail: "abuse" });
    expect(await statusOf(id)).toBe("complained");
    await recordBounce(app.db, { email: to, kind: "hard", detail: "gone" });
    expect(await statusOf(id)).toBe("complained");
  });
});

describe("the webhook's secret", () => {
  it("refuses a missing or wrong secret with 401 and changes nothing", async () => {
    const to = unique("guarded");
    const { recipients } = await sentIssue([to]);
    const id = recipients[0]?.messageId as string;
    for (const auth of ["none", "wrong"] as const) {
      const res = await post("mailgun", { body: mailgun(to, id, "failed", "permanent"), auth });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "webhook_secret_wrong" });
    }
    const basicWrong = await app.client().request("POST", "/api/newsletter-webhooks/mailgun", {
      raw: Buffer.from(mailgun(to, id, "failed", "permanent")),
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from("bounces:nope").toString("base64")}`,
      },
      origin: null,
    });
    expect(basicWrong.status).toBe(401);
    expect(await statusOf(recipients[0]?.subscriberId as string)).toBe("subscribed");
    expect((await deliveryOf(recipients[0]?.subscriberId as string))?.status).toBe("sent");
  });

  it("needs no session and passes the same-origin check (a server posts it)", async () => {
    const to = unique("cross");
    const { recipients } = await sentIssue([to]);
    const res = await app
      .client({ origin: "https://hooks.example.org" })
      .request("POST", `/api/newsletter-webhooks/mailgun?token=${secret}`, {
        raw: Buffer.from(mailgun(to, recipients[0]?.messageId as string, "complained")),
        headers: { "content-type": "application/json" },
      });
    expect(res.status, res.text).toBe(200);
    expect(await statusOf(recipients[0]?.subscriberId as string)).toBe("complained");
  });

  it("names no address when the server has no secret (404), nor an unknown provider", async () => {
    const bare = express();
    bare.use(bounceWebhookRoutes({ db: app.db, secret: undefined }));
    bare.use(errorHandler);
    const server = await listen(bare);
    try {
      const res = await fetch(`${server.url}/api/newsletter-webhooks/ses?token=${secret}`, {
        method: "POST",
        body: "{}",
      });
      expect(res.status).toBe(404);
    } finally {
      await server.close();
    }
    const unknown = await post("sendgrid", { body: "{}" });
    expect(unknown.status).toBe(404);
  });
});

describe("bad payloads", () => {
  it("answer 400 with what is wrong, and change nothing", async () => {
    const cases: [provider: string, body: string, message: RegExp][] = [
      ["ses", "not json", /not JSON/],
      ["ses", JSON.stringify({ Type: "Notification", Message: "{" }), /Message is not SES's JSON/],
      ["postmark", JSON.stringify({ RecordType: "Bounce", Type: "HardBounce" }), /no Email/],
      ["mailgun", JSON.stringify({ signature: {} }), /no event-data/],
      ["dsn", "", /empty/],
      ["dsn", "Subject: hello\r\n\r\nout of office", /multipart\/report/],
    ];
    for (const [provider, body, message] of cases) {
      const res = await post(provider, { body, type: "text/plain" });
      expect(res.status, `${provider}: ${res.text}`).toBe(400);
      expect((res.body as { message: string }).message, provider).toMatch(message);
    }
  });

  it("are refused over 1 MB", async () => {
    const res = await post("dsn", {
      body: Buffer.alloc(1024 * 1024 + 10, 97),
      type: "message/rfc822",
    });
    expect(res.status).toBe(413);
  });
});

describe("an Amazon SNS subscription confirmation", () => {
  it("is answered 200 and logged for the owner to open, never fetched from here", async () => {
    const hits: string[] = [];
    const sns = await listen(
      createServer((req, res) => {
        hits.push(req.url ?? "");
        res.end("ok");
      }),
    );
    const warnings: object[] = [];
    const logger = {
      warn: (o: object) => warnings.push(o),
      info: () => {},
      error: () => {},
    };
    const hooks = express();
    hooks.use(bounceWebhookRoutes({ db: app.db, secret, logger }));
    hooks.use(errorHandler);
    const server = await listen(hooks);
    const subscribeUrl = `${sns.url}/?Action=ConfirmSubscription&Token=2336412f37`;
    const body = JSON.stringify({
      Type: "SubscriptionConfirmation",
      MessageId: "165545c9-2a5c-472c-8df2-7ff2be2b3b1b",
      Token: "2336412f37",
      TopicArn: "arn:aws:sns:us-east-1:123456789012:ses-bounces",
      Message: "You have chosen to subscribe to the topic. To confirm, visit the SubscribeURL.",
      SubscribeURL: subscribeUrl,
      Timestamp: "2026-11-30T05:00:00.000Z",
      SignatureVersion: "1",
      Signature: "EXAMPLE",
      SigningCertURL: `${sns.url}/cert.pem`,
    });
    try {
      const res = await fetch(`${server.url}/api/newsletter-webhooks/ses?token=${secret}`, {
        method: "POST",
        headers: { "content-type": "text/plain; charset=UTF-8" },
        body,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ received: 0 });
      expect(warnings).toEqual([
        { topicArn: "arn:aws:sns:us-east-1:123456789012:ses-bounces", subscribeUrl },
      ]);
      // Time for a request the endpoint might have started.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(hits).toEqual([]);
      // Through the real app too.
      const real = await post("ses", { body, type: "text/plain; charset=UTF-8" });
      expect(real.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(hits).toEqual([]);
    } finally {
      await server.close();
      await sns.close();
    }
  });
});

async function listen(handler: express.Express | Server) {
  const server = "listen" in handler && !("use" in handler) ? handler : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
