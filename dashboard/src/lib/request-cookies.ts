import { parse, serialize } from "cookie";

/**
 * The cookies a screen is rendered with: the document's in the browser, the request's while the
 * server renders the first screen (`entry-server.tsx`, decision 300). A server render is
 * synchronous (`renderToString`), so the request's cookies are set for exactly its duration and
 * no other request can see them.
 */
let requestCookie: string | undefined;

export function withRequestCookie<T>(cookie: string, render: () => T): T {
  requestCookie = cookie;
  try {
    return render();
  } finally {
    requestCookie = undefined;
  }
}

/** The `Cookie` header's text: the request's on the server, the document's in the browser. */
export function currentCookie(): string {
  if (requestCookie !== undefined) return requestCookie;
  return typeof document === "undefined" ? "" : document.cookie;
}

/** One cookie's value (URI-decoded where it decodes), or undefined. */
export function readCookie(name: string, cookie: string = currentCookie()): string | undefined {
  return parse(cookie)[name];
}

/** Whether this code runs in a browser (not in the server's render of the first screen). */
export const inBrowser = () => typeof window !== "undefined" && requestCookie === undefined;

/**
 * A preference the dashboard keeps in localStorage, mirrored in a cookie for a year so the
 * server renders the first screen as the browser will (`SameSite=Lax`, the app's own path).
 */
export function writePreferenceCookie(name: string, value: string | null): void {
  if (typeof document === "undefined") return;
  // The Cookie Store API is not in every browser the dashboard supports; a plain cookie is.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = serialize(name, value ?? "", {
    path: "/",
    maxAge: value === null ? 0 : 60 * 60 * 24 * 365,
    sameSite: "lax",
  });
}
