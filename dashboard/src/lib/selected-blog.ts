/**
 * Which blog the dashboard works on (spec section 4), as a pure rule:
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

export const selectedBlogStorageKey = "selectedBlogId";

/** Storage can be unavailable (private modes, disabled storage): the choice then lasts the visit. */
export function readStoredBlogId(storage: Storage | undefined = safeLocalStorage()): string | null {
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
  try {
    if (id) storage?.setItem(selectedBlogStorageKey, id);
    else storage?.removeItem(selectedBlogStorageKey);
  } catch {
    // Storage full or blocked: keep the in-memory choice.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
