import { selectedBlogCookie } from "@contracts/first-screen.ts";
import { inBrowser, readCookie, writePreferenceCookie } from "./request-cookies.ts";

/**
 * Which blog the dashboard works on, as a pure rule:
 * - while the list is not loaded yet, nothing changes;
 * - a selection that is in the list stays (so the stored id is restored when it still exists);
 * - otherwise the first blog is chosen (the stored one disappeared, or nothing was chosen);
 * - an empty list clears the selection.
 */
export function resolveSelectedBlogId(
  blogs: readonly { id: string }[] | undefined,
  current: string | null,
): string | null {
  if (!blogs) return current;
  if (blogs.length === 0) return null;
  if (current && blogs.some((blog) => blog.id === current)) return current;
  return blogs[0]?.id ?? null;
}

/** The localStorage key, and the name of its cookie copy the server reads (decision 300). */
export const selectedBlogStorageKey = selectedBlogCookie;

/**
 * Storage can be unavailable (private modes, disabled storage): the choice then lasts the visit.
 * The server's render of the first screen reads the choice's cookie copy instead.
 */
export function readStoredBlogId(storage: Storage | undefined = safeLocalStorage()): string | null {
  if (!inBrowser() && storage === undefined) return readCookie(selectedBlogStorageKey) ?? null;
  try {
    return storage?.getItem(selectedBlogStorageKey) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredBlogId(
  id: string | null,
  storage: Storage | undefined = safeLocalStorage(),
): void {
  writePreferenceCookie(selectedBlogStorageKey, id);
  try {
    if (id) storage?.setItem(selectedBlogStorageKey, id);
    else storage?.removeItem(selectedBlogStorageKey);
  } catch {
    // Storage full or blocked: keep the in-memory choice.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return inBrowser() ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}
