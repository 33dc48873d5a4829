import { parse, serialize } from "cookie";
import { currentCookie } from "./request-cookies.ts";

/** The sidebar's expanded/collapsed state lives in a cookie for 7 days. */
export const sidebarCookieName = "sidebar_state";
export const sidebarCookieMaxAgeSeconds = 60 * 60 * 24 * 7;

/** true = expanded, false = collapsed, undefined = never chosen. */
export function readSidebarCookie(cookie: string = currentCookie()): boolean | undefined {
  const value = parse(cookie)[sidebarCookieName];
  return value === "true" ? true : value === "false" ? false : undefined;
}

export function sidebarCookie(open: boolean): string {
  return serialize(sidebarCookieName, String(open), {
    path: "/",
    maxAge: sidebarCookieMaxAgeSeconds,
    sameSite: "lax",
  });
}

export function writeSidebarCookie(open: boolean): void {
  // The Cookie Store API is not in every browser the dashboard supports; a plain cookie is.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = sidebarCookie(open);
}
