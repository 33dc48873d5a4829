import type { Request, RequestHandler } from "express";
import { Forbidden } from "./errors.ts";

const mutating = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The app's own origin: APP_ORIGIN when set, otherwise the scheme and Host of the request. */
export function appOriginOf(req: Request, configured: string | undefined): string {
  return configured ?? `${req.protocol}://${req.get("host") ?? ""}`;
}

/**
 * CSRF defence for cookie sessions: a mutating request that names an Origin other
 * than the app's own is refused. Browsers always send Origin on cross-site POSTs,
 * and SameSite=Lax keeps the session cookie off cross-site subrequests as well.
 */
export function sameOrigin(configuredOrigin: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (!mutating.has(req.method)) return next();
    const origin = req.get("origin");
    if (origin === undefined) return next();
    if (origin !== appOriginOf(req, configuredOrigin)) {
      return next(Forbidden("Cross-origin request refused", "cross_origin_refused"));
    }
    next();
  };
}
