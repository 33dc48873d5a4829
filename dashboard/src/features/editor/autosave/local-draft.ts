import type { EditorFields } from "../editor-fields.ts";

/**
 * Text the server does not have yet, kept in this browser's local storage until it does: it
 * survives a reload, a crash or an expired session, and the editor offers it back.
 */
export type LocalDraft = {
  fields: EditorFields;
  /** The post version the text was written on (null for a post never saved). */
  baseVersion: number | null;
  savedAt: string;
};

/**
 * A saved post's copy is keyed by its id. A new post's is keyed by its visit (a key kept in
 * the history entry, which a reload keeps), so one new post never offers its text to another.
 */
export const localDraftKey = (blogId: string, postId: string | null, newPostKey: string) =>
  `blogfleet:unsaved:${postId ?? `new:${blogId}:${newPostKey}`}`;

export function readLocalDraft(key: string): LocalDraft | null {
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return null;
    const draft = JSON.parse(text) as LocalDraft;
    return draft && typeof draft.fields?.content === "string" ? draft : null;
  } catch {
    return null;
  }
}

/** False when the browser refuses (storage full or disabled): the server is then the only copy. */
export function writeLocalDraft(key: string, draft: LocalDraft): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
