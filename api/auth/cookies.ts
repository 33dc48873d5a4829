import { parse, serialize } from "cookie";
import type { Request, Response } from "express";

/** The app setting (`app.set`) that says the app's origin is https: APP_ORIGIN=https://… */
export const httpsOriginSetting = "https origin";

const httpsOrigin = (req: Request) => req.app?.get(httpsOriginSetting) === true;

/**
 * `__Host-session` when the app's origin is https (Secure, Path=/, no Domain: no other host,
 * not even a sibling subdomain, can set or shadow it); `session` on plain-http installs.
 */
export function sessionCookieName(req: Request): string {
  return httpsOrigin(req) ? "__Host-session" : "session";
}

/**
 * Secure whenever the app's origin is https, even when the request reached the app over http
 * (a proxy without TRUST_PROXY); otherwise when the request itself arrived over https.
 */
function secure(req: Request): boolean {
  return httpsOrigin(req) || req.secure;
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parse(header)[name];
}

export function setCookie(
  req: Request,
  res: Response,
  name: string,
  value: string,
  expires: Date,
  path = "/",
): void {
  res.append(
    "Set-Cookie",
    serialize(name, value, { httpOnly: true, sameSite: "lax", secure: secure(req), path, expires }),
  );
}

export function clearCookie(req: Request, res: Response, name: string, path = "/"): void {
  res.append(
    "Set-Cookie",
    serialize(name, "", { httpOnly: true, sameSite: "lax", secure: secure(req), path, maxAge: 0 }),
  );
}
