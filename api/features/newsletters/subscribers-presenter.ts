import type { Subscriber } from "../../../contracts/newsletters.ts";
import type { SubscriberRow } from "./subscribers.ts";

/** An address of a list as the dashboard shows it (no confirmation times, no blog id). */
export function presentSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    consentedAt: row.confirmedAt?.toISOString() ?? null,
    consentPage: row.consentPage,
    consentText: row.consentText,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
