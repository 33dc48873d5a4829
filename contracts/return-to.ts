/**
 * Where sign-in may lead back to (decision 102): a path of this app, never another site. Only a
 * relative path starting with one '/' (not '//' or '/\', which browsers read as another host),
 * without control characters or backslashes, that resolves to the same origin; not the sign-in
 * and API routes themselves. Anything else is null (the caller goes to '/').
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = "http://return-to.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // Dot segments can resolve to '//host' ('/..//evil.example'): check what would be sent.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || /^\/(api|auth)(\/|$)/.test(url.pathname)) return null;
  return path;
}
