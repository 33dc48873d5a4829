import type { RequestHandler } from "express";
import { Unauthorized } from "../http/errors.ts";
import { clearCookie, readCookie, sessionCookieName, setCookie } from "./cookies.ts";
import type { SessionStore, SessionUser } from "./sessions.ts";

declare global {
  namespace Express {
    interface Request {
      user?: SessionUser;
      sessionToken?: string;
    }
  }
}

/** Reads the session cookie on every request; a bad or expired token is cleared, not an error. */
export function loadSession(store: SessionStore): RequestHandler {
  return async (req, res, next) => {
    const token = readCookie(req, sessionCookieName(req));
    if (!token) return next();
    const found = await store.validate(token);
    if (!found) {
      clearCookie(req, res, sessionCookieName(req));
      return next();
    }
    req.user = found.user;
    req.sessionToken = token;
    if (found.session.renewed) {
      setCookie(req, res, sessionCookieName(req), token, found.session.expiresAt);
    }
    next();
  };
}

/** The guard on every owner route: 401 without a valid session. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(Unauthorized());
  next();
};

/** The signed-in user of a route behind `requireUser`. */
export function currentUser(req: { user?: SessionUser }): SessionUser {
  if (!req.user) throw Unauthorized();
  return req.user;
}
