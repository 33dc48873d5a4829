import { currentCookie } from "./request-cookies.ts";

/** Spec section 9: the sidebar's expanded/collapsed state lives in a cookie for 7 days. */
export const sidebarCookieName = "sidebar_state";
export const sidebarCookieMaxAgeSeconds = 60 * 60 * 24 * 7;

/** true = expanded, false = collapsed, undefined = never chosen. */
export function readSidebarCookie(cookie: string = currentCookie()): boolean | undefined {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === sidebarCookieName) {
      if (value === "true") return true;
      if (value === "false") return false;
    }
  }
  return undefined;
}

export function sidebarCookie(open: boolean): string {
  return `${sidebarCookieName}=${open}; path=/; max-age=${sidebarCookieMaxAgeSeconds}; SameSite=Lax`;
}

export function writeSidebarCookie(open: boolean): void {
  // The Cookie Store API is not in every browser the dashboard supports; a plain cookie is.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = sidebarCookie(open);
}
