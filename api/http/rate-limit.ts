import type { Request, RequestHandler, Response } from "express";
import { rateLimit } from "express-rate-limit";

/**
 * At most `limit` requests per minute per signed-in owner (run after `requireUser`), answered
 * beyond that with 429 and `message` in the API's error format.
 */
export function perOwnerPerMinute(limit: number, message: string): RequestHandler {
  return rateLimit({
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
