import { createHash, timingSafeEqual } from "node:crypto";
import express, { type Request, type RequestHandler, Router } from "express";
import type { Database } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import {
  type BounceOutcome,
  type BounceProvider,
  bounceProviders,
  parsers,
  recordBounce,
} from "./bounces.ts";

/** The largest report taken: a DSN returns the original message, which may be a long issue. */
export const bounceBodyBytes = 1024 * 1024;

export type BounceWebhookDeps = {
  db: Database;
  /** NEWSLETTER_WEBHOOK_SECRET; without it the addresses do not exist (404). */
  secret: string | undefined;
  logger?: {
    warn: (o: object, m: string) => void;
    info: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  };
};

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The secret a request carries: `?token=` or the password of HTTP Basic authentication. */
function givenSecret(req: Request): string {
  if (typeof req.query.token === "string") return req.query.token;
  const [scheme, encoded] = (req.get("authorization") ?? "").split(" ");
  if (scheme?.toLowerCase() !== "basic" || !encoded) return "";
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon >= 0 ? decoded.slice(colon + 1) : "";
}

/**
 * `POST /api/newsletter-webhooks/{ses|postmark|mailgun|dsn}` (decision 376): bounce and
 * complaint reports from sending providers, and returned messages piped from a mail server.
 * Server to server: no session, no same-origin check; the shared secret is the only key,
 * compared in constant time before the body is read. Mounted before the request log, whose
 * lines carry the address and so `?token=`: each call is logged here without it.
 */
export function bounceWebhookRoutes(deps: BounceWebhookDeps): Router {
  const router = Router();
  const { secret } = deps;
  const expected = secret ? digest(secret) : undefined;
  const authorize: RequestHandler = (req, res, next) => {
    if (!expected || !bounceProviders.includes(req.params.provider as BounceProvider)) {
      return next(new HttpError(404, "route_not_found", "No API endpoint at this path"));
    }
    // Hashes of equal length, so the comparison takes the same time whatever was sent.
    if (!timingSafeEqual(digest(givenSecret(req)), expected)) {
      res.set("WWW-Authenticate", 'Basic realm="newsletter webhooks"');
      return next(
        new HttpError(
          401,
          "webhook_secret_wrong",
          "Missing or wrong webhook secret: pass NEWSLETTER_WEBHOOK_SECRET as ?token= or as the Basic password",
        ),
      );
    }
    next();
  };
  const logged: RequestHandler = (req, res, next) => {
    res.on("finish", () => {
      const line = { provider: req.params.provider, status: res.statusCode };
      if (res.statusCode < 500) deps.logger?.info(line, "newsletter webhook");
    });
    next();
  };
  // Any content type: SNS sends JSON as text/plain, a mail server message/rfc822.
  const body = express.raw({ type: () => true, limit: bounceBodyBytes });

  router.post("/api/newsletter-webhooks/:provider", logged, authorize, body, async (req, res) => {
    const provider = req.params.provider as BounceProvider;
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const parsed = await parsers[provider](raw);
    if ("confirm" in parsed) {
      // Never fetched from here (no outgoing requests): the owner opens the link once.
      deps.logger?.warn(
        { topicArn: parsed.confirm.topicArn, subscribeUrl: parsed.confirm.subscribeUrl },
        "Amazon SNS asks to confirm the newsletter bounce subscription: open its SubscribeURL to start receiving SES bounces",
      );
      res.json({ received: 0, confirm: "Open the SubscribeURL shown in the server's log." });
      return;
    }
    const changed: BounceOutcome = { deliveries: 0, subscribers: 0 };
    try {
      for (const report of parsed.reports) {
        const outcome = await recordBounce(deps.db, report);
        changed.deliveries += outcome.deliveries;
        changed.subscribers += outcome.subscribers;
      }
    } catch (error) {
      // The request log (which would say why) does not see these requests.
      deps.logger?.error({ err: error, provider }, "newsletter bounces not recorded");
      throw error;
    }
    if (parsed.reports.length > 0)
      deps.logger?.info(
        { provider, reports: parsed.reports.length, changed },
        "newsletter bounces",
      );
    res.json({ received: parsed.reports.length, changed });
  });
  return router;
}
