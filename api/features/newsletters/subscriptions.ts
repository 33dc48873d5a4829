import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt } from "drizzle-orm";
import {
  confirmationIntervalMinutes,
  confirmationLifetimeHours,
  newSubscribersPerBlogPerHour,
  type SubscribeForm,
  subscribeConsentText,
} from "../../../contracts/newsletters.ts";
import { installSecret } from "../../db/app-settings.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { type blogs, newsletterDeliveries, subscribers } from "../../db/schema.ts";

/*
 * Joining and leaving a blog's list (issue 36, decision 372): double opt-in with a signed,
 * expiring link; one-click unsubscribing with a signed link that does not expire. The answers
 * never tell whether an address was on the list already.
 */

type BlogRow = typeof blogs.$inferSelect;
type SubscriberRow = typeof subscribers.$inferSelect;
export type SubscriptionDeps = { db: Database; clock?: () => Date };

const hourMs = 60 * 60 * 1000;
const secretKey = "newsletter_link_key";
const now = (deps: SubscriptionDeps) => (deps.clock ?? (() => new Date()))();

/** What a link does, part of what is signed: a confirmation link cannot unsubscribe. */
type LinkAction = "confirm" | "unsubscribe";

const signature = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text).digest("base64url");

/**
 * A link's token: the subscriber, until when it works (0: always, for unsubscribing), and an
 * HMAC of both with the action, under the install's key.
 */
export async function signedToken(
  db: Database,
  action: LinkAction,
  subscriberId: string,
  expiresAt: number,
): Promise<string> {
  const body = `${subscriberId}.${expiresAt.toString(36)}`;
  return `${body}.${signature(await installSecret(db, secretKey), `${action}.${body}`)}`;
}

/** The subscriber a token names, when its signature holds and it has not expired. */
async function verified(
  deps: SubscriptionDeps,
  action: LinkAction,
  token: string,
): Promise<SubscriberRow | undefined> {
  const [id, expires, mac] = token.split(".");
  if (!id || !expires || !mac || token.split(".").length !== 3) return undefined;
  const expected = Buffer.from(
    signature(await installSecret(deps.db, secretKey), `${action}.${id}.${expires}`),
  );
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const until = Number.parseInt(expires, 36);
  if (until !== 0 && until <= now(deps).getTime()) return undefined;
  return first(deps.db.select().from(subscribers).where(eq(subscribers.id, id)));
}

/** A confirmation e-mail to send, when one is due. */
export type Confirmation = { to: string; subscriberId: string; confirmToken: string };

/**
 * A subscribe request: a new address is kept as pending with its consent (the page, the words
 * shown) and gets a confirmation link; a pending or unsubscribed one gets a new link, at most
 * one an hour; a subscribed one gets nothing. Bounced and complained addresses are never
 * mailed again from a form. Returns the confirmation to send, if any; `"full"` when the blog
 * took `newSubscribersPerBlogPerHour` new addresses in the last hour.
 */
export async function requestSubscription(
  deps: SubscriptionDeps,
  blog: BlogRow,
  form: SubscribeForm,
): Promise<Confirmation | "full" | undefined> {
  const at = now(deps);
  const due = new Date(at.getTime() - confirmationIntervalMinutes * 60 * 1000);
  const row = await deps.db.transaction(async (tx) => {
    const existing = await first(
      tx
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.blogId, blog.id), eq(subscribers.email, form.email))),
    );
    if (!existing) {
      const [recent] = await tx
        .select({ n: count() })
        .from(subscribers)
        .where(
          and(
            eq(subscribers.blogId, blog.id),
            gt(subscribers.createdAt, new Date(at.getTime() - hourMs)),
          ),
        );
      if ((recent?.n ?? 0) >= newSubscribersPerBlogPerHour) return "full" as const;
      const [inserted] = await tx
        .insert(subscribers)
        .values({
          blogId: blog.id,
          email: form.email,
          status: "pending",
          consentPage: form.page ?? null,
          consentText: subscribeConsentText,
          confirmationSentAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return inserted;
    }
    const mailable = existing.status === "pending" || existing.status === "unsubscribed";
    const recentlyMailed = existing.confirmationSentAt && existing.confirmationSentAt > due;
    if (!mailable || recentlyMailed) return undefined;
    const [updated] = await tx
      .update(subscribers)
      .set({
        status: "pending",
        consentPage: form.page ?? null,
        consentText: subscribeConsentText,
        confirmationSentAt: at,
        updatedAt: at,
      })
      .where(eq(subscribers.id, existing.id))
      .returning();
    return updated;
  });
  if (row === "full" || row === undefined) return row;
  const expires = at.getTime() + confirmationLifetimeHours * hourMs;
  return {
    to: row.email,
    subscriberId: row.id,
    confirmToken: await signedToken(deps.db, "confirm", row.id, expires),
  };
}

/** A confirmation link followed: the address is subscribed from now (its consent's time). */
export async function confirmSubscription(
  deps: SubscriptionDeps,
  blogId: string,
  token: string,
): Promise<boolean> {
  const row = await verified(deps, "confirm", token);
  if (!row || row.blogId !== blogId) return false;
  if (row.status === "subscribed") return true;
  // A bounced or complained address, or one unsubscribed since the link was sent, stays so.
  if (row.status !== "pending") return false;
  const at = now(deps);
  await deps.db
    .update(subscribers)
    .set({ status: "subscribed", confirmedAt: at, unsubscribedAt: null, updatedAt: at })
    .where(and(eq(subscribers.id, row.id), eq(subscribers.status, "pending")));
  return true;
}

/** The one-click unsubscribe link of an address (RFC 8058): it works as long as the address is on the list. */
export const unsubscribeToken = (db: Database, subscriberId: string) =>
  signedToken(db, "unsubscribe", subscriberId, 0);

/** Whether an unsubscribe link is one of the blog's, unchanged (a GET asks before it acts). */
export async function unsubscribeLinkWorks(
  deps: SubscriptionDeps,
  blogId: string,
  token: string,
): Promise<boolean> {
  const row = token === "" ? undefined : await verified(deps, "unsubscribe", token);
  return row?.blogId === blogId;
}

/**
 * An unsubscribe link posted (its page's button, or a mail program's one click): the address
 * gets nothing more. `issueId`, when the link came in an issue, counts it in that issue's report.
 */
export async function unsubscribe(
  deps: SubscriptionDeps,
  blogId: string,
  token: string,
  issueId?: string,
): Promise<boolean> {
  const row = await verified(deps, "unsubscribe", token);
  if (!row || row.blogId !== blogId) return false;
  if (row.status === "subscribed" || row.status === "pending") {
    const at = now(deps);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(subscribers)
        .set({ status: "unsubscribed", unsubscribedAt: at, updatedAt: at })
        .where(eq(subscribers.id, row.id));
      if (issueId)
        await tx
          .update(newsletterDeliveries)
          .set({ unsubscribedAt: at })
          .where(
            and(
              eq(newsletterDeliveries.issueId, issueId),
              eq(newsletterDeliveries.subscriberId, row.id),
            ),
          );
    });
  }
  return true;
}
