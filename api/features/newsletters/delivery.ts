import { and, count, eq, inArray, lte, notExists, sql } from "drizzle-orm";
import { forRecipient } from "../../../site-builder/email/issue-email.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, newsletterDeliveries, newsletterIssues, subscribers } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import type { MailError, Mailer } from "../../mail/mailer.ts";
import { type CanonicalSettings, canonicalBaseOf } from "../public-sites/hosts.ts";
import { unsubscribeToken } from "./subscriptions.ts";

/*
 * Sending an issue to a blog's list (issue 36, decision 373), as a job. Each recipient is
 * claimed (a `sending` delivery row, unique per issue and subscriber) before the SMTP server
 * is asked, so nobody gets an issue twice: a job that resumes after a crash finds the claims
 * of the messages that were under way, marks them `unknown`, and goes on with everyone else.
 * The SMTP server's answer decides the rest: taken (`sent`), refused for now (`deferred`,
 * tried again later, three tries in all), or refused for good (`failed`; a refused mailbox is
 * a hard bounce: the address gets nothing more).
 */

export type DeliveryDeps = {
  db: Database;
  mailer: Mailer;
  canonical: CanonicalSettings;
  logger: Logger;
  /** NEWSLETTER_BOUNCE_ADDRESS: the envelope sender, where bounce reports go. */
  bounceAddress?: string;
  clock?: () => Date;
};

/** Recipients read at a time; messages under way at once follow the mailer's connections. */
const batchSize = 200;
/**
 * Recipients claimed together and sent at once: one write claims them all, so a crash leaves
 * at most this many messages whose fate is unknown.
 */
const chunkSize = 16;
/** A recipient refused for now is tried again after this long, three tries in all. */
export const deferralMinutes = 10;
export const maxAttempts = 3;

const now = (deps: { clock?: () => Date }) => (deps.clock ?? (() => new Date()))();

/** The SMTP server did not take a message, and nothing says a recipient is at fault. */
class ServerTrouble extends Error {}

/** Commands an answer to which means the message was never handed over. */
const beforeMessage = new Set(["CONN", "EHLO", "HELO", "LHLO", "STARTTLS", "AUTH", "MAIL FROM"]);

type Outcome =
  | { kind: "sent" }
  | { kind: "deferred"; error: string }
  | { kind: "failed"; error: string; bounced: boolean }
  /** The server failed before taking it: the claim is withdrawn, the recipient waits. */
  | { kind: "not-sent"; error: string; permanent: boolean }
  /** The connection broke while the message was under way: it may have arrived. */
  | { kind: "unknown"; error: string };

/** What an SMTP error says about one recipient's message. */
export function outcomeOf(error: MailError): Outcome {
  const message = error.message.slice(0, 500);
  const code = error.responseCode;
  const command = error.command ?? "";
  if (command === "RCPT TO" && code !== undefined) {
    return code >= 500
      ? { kind: "failed", error: message, bounced: true }
      : { kind: "deferred", error: message };
  }
  if (beforeMessage.has(command) || error.code === "ECONNECTION" || error.code === "EAUTH") {
    return { kind: "not-sent", error: message, permanent: code !== undefined && code >= 500 };
  }
  if (code !== undefined) {
    return code >= 500
      ? { kind: "failed", error: message, bounced: false }
      : { kind: "deferred", error: message };
  }
  return { kind: "unknown", error: message };
}

/** `Name <address>` → address. */
const addressIn = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
const quoted = (name: string) => `"${name.replace(/["\\\r\n]/g, "")}"`;

export type SendResult = "sent" | "waiting" | "stopped";

/**
 * Sends `issueId` to every address that was subscribed when its sending started and has no
 * delivery yet, then the deferred ones that are due. "waiting": deferred recipients are not
 * due yet (the next run goes on); "stopped": cancelled, failed for good, or already sent.
 * Throws when the SMTP server fails (the job is tried again later and resumes).
 */
export async function sendIssue(deps: DeliveryDeps, issueId: string): Promise<SendResult> {
  const { db } = deps;
  const found = await first(
    db
      .select({ issue: newsletterIssues, blog: blogs })
      .from(newsletterIssues)
      .innerJoin(blogs, eq(blogs.id, newsletterIssues.blogId))
      .where(eq(newsletterIssues.id, issueId)),
  );
  if (!found || !["queued", "sending"].includes(found.issue.status)) return "stopped";
  const { blog } = found;
  let issue = found.issue;
  if (issue.status === "queued") {
    const startedAt = now(deps);
    const [total] = await db
      .select({ n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.blogId, blog.id), eq(subscribers.status, "subscribed")));
    const [started] = await db
      .update(newsletterIssues)
      .set({ status: "sending", startedAt, recipients: Number(total?.n ?? 0) })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "queued")))
      .returning();
    if (!started) return "stopped";
    issue = started;
  }
  const startedAt = issue.startedAt ?? now(deps);
  // Claims left by a run that died: those messages may have gone; they are never sent again.
  await db
    .update(newsletterDeliveries)
    .set({ status: "unknown", error: "The sending stopped while this message was under way." })
    .where(
      and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.status, "sending")),
    );

  const base = canonicalBaseOf(blog, deps.canonical);
  const host = new URL(base).hostname;
  const from = `${quoted(blog.newsletterSenderName || blog.name)} <${
    blog.newsletterSenderAddress || addressIn(deps.mailer.from)
  }>`;
  const email = { subject: issue.subject, html: issue.html, text: issue.text };

  const send = async (recipient: { id: string; email: string }, attempts: number) => {
    const messageId = `<${issueId}.${recipient.id}@${host}>`;
    const unsubscribe = `${base}/unsubscribe?token=${encodeURIComponent(
      await unsubscribeToken(db, recipient.id),
    )}&i=${issueId}`;
    const parts = forRecipient(email, unsubscribe);
    try {
      await deps.mailer.send({
        to: recipient.email,
        from,
        ...(deps.bounceAddress ? { returnPath: deps.bounceAddress } : {}),
        subject: email.subject,
        html: parts.html,
        text: parts.text,
        messageId,
        headers: {
          "List-Unsubscribe": `<${unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "List-Id": `${quoted(blog.name)} <${blog.id}.list.${host}>`,
        },
      });
      return { kind: "sent" } as Outcome;
    } catch (error) {
      const outcome = outcomeOf(error as MailError);
      if (outcome.kind === "deferred" && attempts + 1 >= maxAttempts) {
        return { kind: "failed", error: outcome.error, bounced: false } as Outcome;
      }
      return outcome;
    }
  };

  /**
   * Sends to the recipients a chunk at a time: the chunk's claims in one statement, its
   * messages at once (the mailer's pool spreads them over its connections), each result
   * recorded as it comes. Stops after the chunk in which the server failed.
   */
  const deliver = async (list: { id: string; email: string; attempts: number }[]) => {
    let trouble: Outcome | undefined;
    for (let at = 0; at < list.length && !trouble; at += chunkSize) {
      const chunk = list.slice(at, at + chunkSize);
      const claimed = new Set(await claim(deps, issueId, chunk, host));
      await Promise.all(
        chunk
          .filter((recipient) => claimed.has(recipient.id))
          .map(async (recipient) => {
            const outcome = await send(recipient, recipient.attempts);
            await record(deps, issueId, recipient.id, recipient.attempts, outcome);
            if (outcome.kind === "not-sent" || outcome.kind === "unknown") trouble ??= outcome;
          }),
      );
    }
    if (!trouble) return;
    const error = "error" in trouble ? trouble.error : "";
    if (trouble.kind === "not-sent" && trouble.permanent) {
      // The server refuses the sender or the sign-in: no retry helps until the owner acts.
      await db
        .update(newsletterIssues)
        .set({ status: "failed", error, finishedAt: now(deps) })
        .where(eq(newsletterIssues.id, issueId));
      throw new ServerTrouble(`The SMTP server refused the issue: ${error}`);
    }
    await db.update(newsletterIssues).set({ error }).where(eq(newsletterIssues.id, issueId));
    throw new ServerTrouble(`The SMTP server failed while sending: ${error}`);
  };

  for (;;) {
    if (await cancelled(db, issueId)) return "stopped";
    const batch = await db
      .select({ id: subscribers.id, email: subscribers.email })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.blogId, blog.id),
          eq(subscribers.status, "subscribed"),
          lte(subscribers.confirmedAt, startedAt),
          notExists(
            db
              .select({ one: sql`1` })
              .from(newsletterDeliveries)
              .where(
                and(
                  eq(newsletterDeliveries.issueId, issueId),
                  eq(newsletterDeliveries.subscriberId, subscribers.id),
                ),
              ),
          ),
        ),
      )
      .orderBy(subscribers.id)
      .limit(batchSize);
    if (batch.length === 0) break;
    await deliver(batch.map((r) => ({ ...r, attempts: 0 })));
  }

  // Then those refused for now whose wait is over, while they are still on the list.
  const dueBefore = new Date(now(deps).getTime() - deferralMinutes * 60_000);
  const deferred = await db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      attempts: newsletterDeliveries.attempts,
      updatedAt: newsletterDeliveries.updatedAt,
    })
    .from(newsletterDeliveries)
    .innerJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        eq(newsletterDeliveries.status, "deferred"),
        eq(subscribers.status, "subscribed"),
      ),
    );
  const due = deferred.filter((d) => d.updatedAt < dueBefore);
  if (due.length > 0) await deliver(due);
  if (deferred.length > due.length) return "waiting";
  await db
    .update(newsletterIssues)
    .set({ status: "sent", finishedAt: now(deps), error: null })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "sending")));
  return "sent";
}

/** Whether the owner cancelled the issue meanwhile. */
async function cancelled(db: Database, issueId: string): Promise<boolean> {
  const row = await first(
    db
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId)),
  );
  return row?.status !== "sending";
}

/**
 * The recipients' claims, in one statement: new `sending` rows, or deferred ones taken back to
 * `sending`. Returns the ids claimed (not those another run holds or that are settled).
 */
async function claim(
  deps: DeliveryDeps,
  issueId: string,
  recipients: { id: string; attempts: number }[],
  host: string,
): Promise<string[]> {
  const at = now(deps);
  const fresh = recipients.filter((r) => r.attempts === 0).map((r) => r.id);
  const again = recipients.filter((r) => r.attempts > 0).map((r) => r.id);
  const claimed: string[] = [];
  if (fresh.length > 0) {
    const inserted = await deps.db
      .insert(newsletterDeliveries)
      .values(
        fresh.map((subscriberId) => ({
          issueId,
          subscriberId,
          status: "sending" as const,
          messageId: `${issueId}.${subscriberId}@${host}`,
          updatedAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: newsletterDeliveries.subscriberId });
    claimed.push(...inserted.map((row) => row.id));
  }
  if (again.length > 0) {
    const taken = await deps.db
      .update(newsletterDeliveries)
      .set({ status: "sending", updatedAt: at })
      .where(
        and(
          eq(newsletterDeliveries.issueId, issueId),
          inArray(newsletterDeliveries.subscriberId, again),
          eq(newsletterDeliveries.status, "deferred"),
        ),
      )
      .returning({ id: newsletterDeliveries.subscriberId });
    claimed.push(...taken.map((row) => row.id));
  }
  return claimed;
}

/** What became of one message. */
async function record(
  deps: DeliveryDeps,
  issueId: string,
  subscriberId: string,
  attempts: number,
  outcome: Outcome,
): Promise<void> {
  const row = and(
    eq(newsletterDeliveries.issueId, issueId),
    eq(newsletterDeliveries.subscriberId, subscriberId),
  );
  const at = now(deps);
  if (outcome.kind === "not-sent") {
    // Never handed over: the claim goes back to what it was, and the recipient waits.
    if (attempts === 0) await deps.db.delete(newsletterDeliveries).where(row);
    else await deps.db.update(newsletterDeliveries).set({ status: "deferred" }).where(row);
    return;
  }
  if (outcome.kind === "sent") {
    await deps.db
      .update(newsletterDeliveries)
      .set({ status: "sent", error: null, updatedAt: at })
      .where(row);
    return;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(newsletterDeliveries)
      .set({
        status: outcome.kind,
        error: outcome.error,
        attempts: outcome.kind === "unknown" ? attempts : attempts + 1,
        updatedAt: at,
      })
      .where(row);
    if (outcome.kind === "failed" && outcome.bounced) {
      await tx
        .update(subscribers)
        .set({ status: "bounced", updatedAt: at })
        .where(and(eq(subscribers.id, subscriberId), eq(subscribers.status, "subscribed")));
    }
  });
}
