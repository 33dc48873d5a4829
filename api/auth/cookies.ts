import { parse, serialize } from "cookie";
import type { Request, Response } from "express";

export const sessionCookieName = "session";

/** Secure when the request arrived over https (directly or, with TRUST_PROXY, via a proxy). */
function secure(req: Request): boolean {
  return req.secure;
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
