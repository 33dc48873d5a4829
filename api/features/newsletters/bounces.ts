import { and, eq, inArray, ne } from "drizzle-orm";
import { simpleParser } from "mailparser";
import type { SubscriberStatus } from "../../../contracts/newsletters.ts";
import type { Database } from "../../db/client.ts";
import { newsletterDeliveries, subscribers } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";

/*
 * Bounces and complaints (issue 36 item 5, decision 376): what a provider's webhook or a
 * returned DSN says about a message, and what it changes. A hard bounce or a complaint stops
 * sending to the address; a soft bounce changes nothing.
 */

export type BounceKind = "hard" | "soft" | "complaint";

/** One recipient's bounce or complaint, as a report names it. */
export type BounceReport = {
  email: string;
  kind: BounceKind;
  /** The Message-ID the message went out with, when the report carries it. */
  messageId?: string | undefined;
  /** The report's words (a diagnostic code, a bounce type), kept on the delivery. */
  detail: string;
};

export type BounceOutcome = { deliveries: number; subscribers: number };

/** The statuses each kind moves a subscriber from (never to `subscribed`, never back). */
const stops: Record<
  Exclude<BounceKind, "soft">,
  { to: SubscriberStatus; from: SubscriberStatus[] }
> = {
  hard: { to: "bounced", from: ["pending", "subscribed", "unsubscribed"] },
  complaint: { to: "complained", from: ["pending", "subscribed", "unsubscribed", "bounced"] },
};

/** A Message-ID without its angle brackets and spaces. */
export const bareMessageId = (id: string) => id.trim().replace(/^<+/, "").replace(/>+$/, "").trim();

/** The stored forms a reported Message-ID may have: with or without brackets, as given or lower case. */
function storedForms(messageId: string | undefined): string[] {
  const bare = messageId ? bareMessageId(messageId) : "";
  if (!bare) return [];
  return [...new Set([bare, bare.toLowerCase()].flatMap((id) => [id, `<${id}>`]))];
}

/**
 * Records one report. When its Message-ID names a delivery, that delivery becomes `bounced`
 * (its error the report's words) and its subscriber `bounced` or `complained`; without one, a
 * hard bounce or a complaint stops every row of the address across the install (the safe
 * side: stop sending). A soft bounce only notes its words on the delivery. Unsubscribed rows
 * are never subscribed again; recording a report twice changes nothing the second time.
 */
export async function recordBounce(db: Database, report: BounceReport): Promise<BounceOutcome> {
  const email = report.email.trim().toLowerCase();
  const detail = report.detail.trim().slice(0, 1000) || report.kind;
  const forms = storedForms(report.messageId);
  return db.transaction(async (tx) => {
    const matched =
      forms.length > 0
        ? await tx
            .select({ subscriberId: newsletterDeliveries.subscriberId })
            .from(newsletterDeliveries)
            .where(inArray(newsletterDeliveries.messageId, forms))
        : [];
    if (report.kind === "soft") {
      if (matched.length === 0) return { deliveries: 0, subscribers: 0 };
      const noted = await tx
        .update(newsletterDeliveries)
        .set({ error: `Soft bounce: ${detail}` })
        .where(
          and(
            inArray(newsletterDeliveries.messageId, forms),
            ne(newsletterDeliveries.status, "bounced"),
          ),
        )
        .returning({ issueId: newsletterDeliveries.issueId });
      return { deliveries: noted.length, subscribers: 0 };
    }
    const stop = stops[report.kind];
    if (matched.length > 0) {
      const bounced = await tx
        .update(newsletterDeliveries)
        .set({ status: "bounced", error: detail })
        .where(
          and(
            inArray(newsletterDeliveries.messageId, forms),
            ne(newsletterDeliveries.status, "bounced"),
          ),
        )
        .returning({ issueId: newsletterDeliveries.issueId });
      const stopped = await tx
        .update(subscribers)
        .set({ status: stop.to })
        .where(
          and(
            inArray(
              subscribers.id,
              matched.map((d) => d.subscriberId),
            ),
            inArray(subscribers.status, stop.from),
          ),
        )
        .returning({ id: subscribers.id });
      return { deliveries: bounced.length, subscribers: stopped.length };
    }
    if (!email) return { deliveries: 0, subscribers: 0 };
    const stopped = await tx
      .update(subscribers)
      .set({ status: stop.to })
      .where(and(eq(subscribers.email, email), inArray(subscribers.status, stop.from)))
      .returning({ id: subscribers.id });
    return { deliveries: 0, subscribers: stopped.length };
  });
}

/* The formats (decision 376). Each parser answers the reports a body carries, or throws a 400. */

export const bounceProviders = ["ses", "postmark", "mailgun", "dsn"] as const;
export type BounceProvider = (typeof bounceProviders)[number];

/** What a webhook body says: reports to record, or an Amazon SNS subscription to confirm. */
export type ParsedWebhook =
  | { reports: BounceReport[] }
  | { confirm: { topicArn: string; subscribeUrl: string } };

const badPayload = (message: string) => new HttpError(400, "bad_bounce_report", message);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : "");

function json(body: Buffer, provider: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    throw badPayload(`The ${provider} notification is not JSON.`);
  }
  if (!isObject(value)) throw badPayload(`The ${provider} notification is not a JSON object.`);
  return value;
}

/**
 * Amazon SES through Amazon SNS: the SNS envelope (`Type`, `Message` holding SES's JSON), or
 * SES's JSON alone. A subscription confirmation is handed back, never fetched from here.
 */
export function parseSes(body: Buffer): ParsedWebhook {
  const envelope = json(body, "Amazon SNS");
  if (envelope.Type === "SubscriptionConfirmation") {
    const subscribeUrl = text(envelope.SubscribeURL);
    if (!subscribeUrl) throw badPayload("The SNS subscription confirmation has no SubscribeURL.");
    return { confirm: { topicArn: text(envelope.TopicArn), subscribeUrl } };
  }
  if (envelope.Type === "UnsubscribeConfirmation") return { reports: [] };
  let notification: Json = envelope;
  if (envelope.Type === "Notification") {
    try {
      const inner: unknown = JSON.parse(text(envelope.Message));
      if (!isObject(inner)) throw new Error("not an object");
      notification = inner;
    } catch {
      throw badPayload("The SNS notification's Message is not SES's JSON.");
    }
  }
  const type = text(notification.notificationType) || text(notification.eventType);
  if (!type) throw badPayload("The SES notification has no notificationType or eventType.");
  const mail = isObject(notification.mail) ? notification.mail : {};
  const common = isObject(mail.commonHeaders) ? mail.commonHeaders : {};
  const headers = Array.isArray(mail.headers) ? mail.headers.filter(isObject) : [];
  const messageId =
    text(common.messageId) ||
    text(headers.find((h) => text(h.name).toLowerCase() === "message-id")?.value) ||
    undefined;
  const addresses = (list: unknown) =>
    (Array.isArray(list) ? list.filter(isObject) : []).map((r) => ({
      email: text(r.emailAddress),
      diagnostic: text(r.diagnosticCode),
    }));
  if (type === "Bounce") {
    const bounce = isObject(notification.bounce) ? notification.bounce : {};
    const kind: BounceKind = bounce.bounceType === "Permanent" ? "hard" : "soft";
    const recipients = addresses(bounce.bouncedRecipients);
    if (recipients.length === 0) throw badPayload("The SES bounce names no bouncedRecipients.");
    return {
      reports: recipients.map((r) => ({
        email: r.email,
        kind,
        messageId,
        detail: r.diagnostic || `${text(bounce.bounceType)} ${text(bounce.bounceSubType)}`,
      })),
    };
  }
  if (type === "Complaint") {
    const complaint = isObject(notification.complaint) ? notification.complaint : {};
    const recipients = addresses(complaint.complainedRecipients);
    if (recipients.length === 0)
      throw badPayload("The SES complaint names no complainedRecipients.");
    const feedback = text(complaint.complaintFeedbackType);
    return {
      reports: recipients.map((r) => ({
        email: r.email,
        kind: "complaint" as const,
        messageId,
        detail: `Complaint${feedback ? `: ${feedback}` : ""}`,
      })),
    };
  }
  // Deliveries, sends, opens: nothing to record.
  return { reports: [] };
}

/** Postmark's bounce types that mean the address does not take mail (the rest are soft). */
const postmarkHard = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);

/** Postmark's bounce and spam complaint webhooks (`RecordType` Bounce or SpamComplaint). */
export function parsePostmark(body: Buffer): ParsedWebhook {
  const record = json(body, "Postmark");
  const recordType = text(record.RecordType);
  if (recordType !== "Bounce" && recordType !== "SpamComplaint") {
    if (!recordType) throw badPayload("The Postmark webhook has no RecordType.");
    return { reports: [] };
  }
  const email = text(record.Email);
  if (!email) throw badPayload("The Postmark webhook names no Email.");
  const headers = Array.isArray(record.Headers) ? record.Headers.filter(isObject) : [];
  const messageId =
    text(headers.find((h) => text(h.Name).toLowerCase() === "message-id")?.Value) ||
    text(record.MessageID) ||
    undefined;
  const type = text(record.Type);
  const kind: BounceKind =
    recordType === "SpamComplaint" || type === "SpamComplaint"
      ? "complaint"
      : postmarkHard.has(type)
        ? "hard"
        : "soft";
  return {
    reports: [
      { email, kind, messageId, detail: text(record.Details) || text(record.Description) || type },
    ],
  };
}

/** Mailgun's webhooks: `event-data` with event `failed` (severity) or `complained`. */
export function parseMailgun(body: Buffer): ParsedWebhook {
  const payload = json(body, "Mailgun");
  const data = payload["event-data"];
  if (!isObject(data)) throw badPayload("The Mailgun webhook has no event-data.");
  const event = text(data.event);
  if (event !== "failed" && event !== "complained") {
    if (!event) throw badPayload("The Mailgun webhook's event-data has no event.");
    return { reports: [] };
  }
  const email = text(data.recipient);
  if (!email) throw badPayload("The Mailgun webhook's event-data names no recipient.");
  const message = isObject(data.message) ? data.message : {};
  const headers = isObject(message.headers) ? message.headers : {};
  const status = isObject(data["delivery-status"]) ? data["delivery-status"] : {};
  const kind: BounceKind =
    event === "complained" ? "complaint" : data.severity === "permanent" ? "hard" : "soft";
  return {
    reports: [
      {
        email,
        kind,
        messageId: text(headers["message-id"]) || undefined,
        detail:
          event === "complained"
            ? "Complaint"
            : text(status.description) || text(status.message) || text(data.reason) || event,
      },
    ],
  };
}

/** Header-style fields of a report part, in groups split by blank lines (RFC 3464, RFC 5965). */
function fieldGroups(part: string): Map<string, string>[] {
  return part
    .replace(/\r\n/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((group) => {
      const fields = new Map<string, string>();
      for (const line of group.replace(/\n[ \t]+/g, " ").split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0)
          fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; <a@b>` → `a@b`. */
const addressOf = (field: string | undefined) =>
  (field ?? "")
    .replace(/^[^;]*;/, "")
    .trim()
    .replace(/^<|>$/g, "")
    .trim();

/**
 * A returned message (RFC 3464 delivery status notification, or an RFC 5965 ARF complaint),
 * as the mail server hands it over: `multipart/report` with its report part and the original
 * message or its headers, whose Message-ID names the delivery.
 */
export async function parseDsn(body: Buffer): Promise<ParsedWebhook> {
  if (body.length === 0) throw badPayload("The body is empty: send the returned message as it is.");
  const mail = await simpleParser(body, { keepDeliveryStatus: true, ignoreEmbedded: true });
  // mailparser gives a structured header its value and its parameters.
  const type = mail.headers.get("content-type") as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  const reportType = text(type?.params?.["report-type"]).toLowerCase();
  if (type?.value?.toLowerCase() !== "multipart/report" || !reportType) {
    throw badPayload(
      "Not a delivery status notification or a complaint: expected a multipart/report message (RFC 3464 or RFC 5965).",
    );
  }
  const partOf = (...types: string[]) =>
    mail.attachments.find((a) => types.includes(a.contentType.toLowerCase()));
  const original = partOf(
    "message/rfc822",
    "text/rfc822-headers",
    "message/global",
    "message/global-headers",
  );
  const returned = original ? await simpleParser(original.content) : undefined;
  const messageId = returned?.messageId;
  if (reportType === "feedback-report") {
    const report = partOf("message/feedback-report");
    if (!report) throw badPayload("The complaint has no message/feedback-report part.");
    const [fields] = fieldGroups(report.content.toString("utf8"));
    const to = returned?.to;
    const email =
      addressOf(fields?.get("original-rcpt-to")) ||
      (to && !Array.isArray(to) ? (to.value[0]?.address ?? "") : "");
    if (!email) throw badPayload("The complaint names no recipient (Original-Rcpt-To or To).");
    const feedback = fields?.get("feedback-type") ?? "abuse";
    if (feedback.toLowerCase() === "not-spam") return { reports: [] };
    return { reports: [{ email, kind: "complaint", messageId, detail: `Complaint: ${feedback}` }] };
  }
  if (reportType !== "delivery-status" && reportType !== "global-delivery-status") {
    throw badPayload(
      `Reports of type ${reportType} are not read; delivery-status and feedback-report are.`,
    );
  }
  const status = partOf("message/delivery-status", "message/global-delivery-status");
  if (!status) throw badPayload("The report has no message/delivery-status part.");
  const recipients = fieldGroups(status.content.toString("utf8")).filter((f) =>
    f.has("final-recipient"),
  );
  if (recipients.length === 0) throw badPayload("The delivery status names no Final-Recipient.");
  const reports: BounceReport[] = [];
  for (const fields of recipients) {
    const action = (fields.get("action") ?? "").toLowerCase();
    const code = fields.get("status") ?? "";
    if (action !== "failed" && action !== "delayed") continue;
    reports.push({
      // The address the message was sent to, before any forwarding rewrote it.
      email:
        addressOf(fields.get("original-recipient")) || addressOf(fields.get("final-recipient")),
      kind: action === "failed" && code.startsWith("5") ? "hard" : "soft",
      messageId,
      detail: fields.get("diagnostic-code") ?? `Status ${code}`,
    });
  }
  return { reports };
}

export const parsers: Record<
  BounceProvider,
  (body: Buffer) => ParsedWebhook | Promise<ParsedWebhook>
> = { ses: parseSes, postmark: parsePostmark, mailgun: parseMailgun, dsn: parseDsn };
