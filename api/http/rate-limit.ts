import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";

/**
 * At most `limit` requests per `windowMs` per signed-in owner (run after `requireUser`),
 * answered beyond that with 429 and `message` in the API's error format. `store` shares the
 * counts between processes (PostgreSQL set-up); by default they are this process's.
 */
export function perOwner(
  { limit, windowMs }: { limit: number; windowMs: number },
  message: string,
  store?: Store,
): RequestHandler {
  return rateLimit({
    store,
    windowMs,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: (req: Request) => `owner:${req.user?.id ?? "anonymous"}`,
    handler: (_req: Request, res: Response) => {
      res.status(429).json({ code: "rate_limited", message });
    },
  });
}

/** `perOwner` over one minute. */
export const perOwnerPerMinute = (limit: number, message: string, store?: Store) =>
  perOwner({ limit, windowMs: 60_000 }, message, store);

/** `perOwner` over one hour: for expensive actions (uploads, imports, exports, invitations). */
export const perOwnerPerHour = (limit: number, message: string, store?: Store) =>
  perOwner({ limit, windowMs: 3_600_000 }, message, store);
