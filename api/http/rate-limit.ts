import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";

/**
 * At most `limit` requests per minute per signed-in owner (run after `requireUser`), answered
 * beyond that with 429 and `message` in the API's error format. `store` shares the counts
 * between processes (PostgreSQL set-up); by default they are this process's.
 */
export function perOwnerPerMinute(limit: number, message: string, store?: Store): RequestHandler {
  return rateLimit({
    store,
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: (req: Request) => `owner:${req.user?.id ?? "anonymous"}`,
    handler: (_req: Request, res: Response) => {
      res.status(429).json({ code: "rate_limited", message });
    },
  });
}
