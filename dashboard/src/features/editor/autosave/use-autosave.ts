import { htmlToText } from "@contracts/content-text.ts";
import { type PendingFields, type Post, untitledDraftTitle } from "@contracts/posts.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, isUnauthorized } from "../../../lib/api-client.ts";
import { discardPendingChanges } from "../api/discard-pending-changes.ts";
import { usePendingChanges } from "../api/pending-changes.ts";
import { savePendingChanges } from "../api/save-pending-changes.ts";
import { updatePost } from "../api/update-post.ts";
import { type EditorFields, fieldsOf } from "../editor-fields.ts";
import {
  clearLocalDraft,
  type LocalDraft,
  localDraftKey,
  readLocalDraft,
  writeLocalDraft,
} from "./local-draft.ts";
import { staleCurrentOf } from "./stale-save.ts";

/** How long typing must pause before the editor saves by itself. */
export const autosaveDelayMs = 2000;
/** How often typed text reaches local storage at most. */
const localDelayMs = 300;

/** What the save state line shows: 'Saved', 'Saving…' or 'Not saved'. */
export type SaveState = "saved" | "saving" | "unsaved";

const same = (a: EditorFields, b: EditorFields) => JSON.stringify(a) === JSON.stringify(b);

export const editorFieldsOf = (fields: PendingFields): EditorFields => ({
  title: fields.title,
  content: fields.content,
  excerpt: fields.excerpt,
  categoryId: fields.categoryId,
  metaTitle: fields.metaTitle ?? "",
  metaDescription: fields.metaDescription ?? "",
  keywords: fields.keywords,
  tags: fields.tags ?? [],
  slug: fields.slug,
  featureImageId: fields.featureImageId ?? null,
});

/** The request body of a save, from the form's fields. */
export const saveBodyOf = (fields: EditorFields) => ({
  title: fields.title,
  content: fields.content,
  excerpt: fields.excerpt,
  categoryId: fields.categoryId,
  metaTitle: fields.metaTitle,
  metaDescription: fields.metaDescription,
  keywords: fields.keywords,
  tags: fields.tags,
  slug: fields.slug,
  featureImageId: fields.featureImageId,
});

/** The editor holds something worth keeping besides a title: text or an image. */
const hasBody = (content: string) => htmlToText(content).trim() !== "" || /<img\b/i.test(content);

/**
 * What a save sends: a draft the server keeps without a title yet (a new post, or one kept
 * before it had a title) goes under the placeholder title until the writer gives one.
 */
export const draftBodyOf = (fields: EditorFields, untitled: boolean) => {
  const body = saveBodyOf(fields);
  return untitled && fields.title.trim() === "" ? { ...body, title: untitledDraftTitle } : body;
};

type Kind = "autosave" | "explicit";

/**
 * Never lose work (issue 16, decisions 095 and 096): saves the editor's fields a moment after
 * typing stops — into the post for drafts, into pending changes for a live post, which goes
 * live only on 'Update' — always from the version the editor holds, so a stale tab gets a
 * conflict instead of overwriting. Text the server does not have yet also sits in local
 * storage, and is offered back after a reload, a crash or an expired session.
 *
 * A new post is created as a draft by its first save (decision 351): saves run one after
 * another, so typing on while the draft is being created updates it instead of creating a
 * second one.
 */
export function useAutosave({
  blogId,
  post,
  newPostKey,
  enabled,
  fields,
  getFields,
  fill,
  filledByAi,
  create,
  onCreated,
  onSaved,
}: {
  blogId: string;
  post: Post | null;
  /** Which visit of the new-post screen this is: keys a new post's local copy. */
  newPostKey: string;
  /** Off in view mode. */
  enabled: boolean;
  /** The watched fields (re-renders on every change). */
  fields: EditorFields;
  getFields: () => EditorFields;
  /** Puts fields into the form. */
  fill: (fields: EditorFields) => void;
  /** The next save says the text came from 'Generate with AI' (decision 057). */
  filledByAi: boolean;
  /** Creates the new post as a draft from these fields. */
  create: (fields: EditorFields) => Promise<Post>;
  /** The new post now exists (after `onSaved`): the address names it. */
  onCreated: (post: Post) => Promise<void> | void;
  /** A save or a reload answered this post: caches and lists follow it. */
  onSaved: (post: Post) => Promise<void> | void;
}) {
  // The post being edited: a new post gets its id from its first save, without a remount.
  const [postId, setPostId] = useState<string | null>(post?.id ?? null);
  const postIdRef = useRef(postId);
  const [newKey] = useState(newPostKey);
  const storageKey = localDraftKey(blogId, postId, newKey);
  // Saves queued before a new post was created finish after it: they clear the key of now.
  const storageKeyRef = useRef(storageKey);
  storageKeyRef.current = storageKey;
  const versionRef = useRef<number | null>(post?.version ?? null);
  const statusRef = useRef(post?.status ?? "draft");
  /** What the server holds of the form: the post itself, or its pending changes. */
  const savedRef = useRef<EditorFields>(fieldsOf(post));
  /** What readers see of a live post. */
  const [live, setLive] = useState<EditorFields>(() => fieldsOf(post));
  const [hasPending, setHasPending] = useState(false);
  // A new post is not on the server until its first save, so it is not 'Saved'.
  const [state, setState] = useState<SaveState>(post ? "saved" : "unsaved");
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Post | null>(null);
  const lastKind = useRef<Kind>("autosave");
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const filledByAiRef = useRef(filledByAi);
  filledByAiRef.current = filledByAi;
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const createRef = useRef(create);
  createRef.current = create;
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;

  /** Offered back: text kept on this device, or pending changes of an older live version. */
  const [recovery, setRecovery] = useState<LocalDraft | null>(() => {
    const draft = enabled ? readLocalDraft(storageKey) : null;
    return draft && !same(draft.fields, fieldsOf(post)) ? draft : null;
  });

  const recoveryRef = useRef(recovery);
  recoveryRef.current = recovery;

  const isDirty = useCallback(
    () => enabled && !same(getFields(), savedRef.current),
    [enabled, getFields],
  );

  /** A post the server answered (a save, a status change, a reload): later saves start from it. */
  const accept = useCallback((next: Post, savedFields?: EditorFields) => {
    versionRef.current = next.version;
    statusRef.current = next.status;
    const nextLive = fieldsOf(next);
    setLive(nextLive);
    if (savedFields) savedRef.current = savedFields;
  }, []);

  // A live post's pending changes fill the editor when they start from its live version;
  // others (left by an unpublish or another tab) are offered back unless the post has them.
  const pending = usePendingChanges(enabled ? postId : null);
  const pendingSeen = useRef(false);
  useEffect(() => {
    const found = pending.data?.pendingChanges;
    if (pending.data === undefined || pendingSeen.current) return;
    pendingSeen.current = true;
    if (!found) return;
    const pendingFields = editorFieldsOf(found.fields);
    if (
      statusRef.current === "published" &&
      found.baseVersion === versionRef.current &&
      same(getFields(), savedRef.current)
    ) {
      savedRef.current = pendingFields;
      setHasPending(true);
      fill(pendingFields);
      // A local copy of exactly these edits is nothing to offer back: the server has them.
      if (recoveryRef.current && same(recoveryRef.current.fields, pendingFields)) {
        setRecovery(null);
        clearLocalDraft(storageKey);
      }
    } else if (!same(pendingFields, savedRef.current) && !recoveryRef.current) {
      setRecovery({
        fields: pendingFields,
        baseVersion: found.baseVersion,
        savedAt: found.savedAt,
      });
    }
  }, [pending.data, getFields, fill, storageKey]);

  const run = useCallback(
    async (kind: Kind): Promise<Post | null> => {
      const postId = postIdRef.current;
      if (postId === null) return createDraft(kind);
      if (versionRef.current === null) return null;
      const sent = getFields();
      const version = versionRef.current;
      lastKind.current = kind;
      setState("saving");
      try {
        let answered: Post | null = null;
        if (statusRef.current === "published" && kind === "autosave") {
          await savePendingChanges(postId, {
            ...draftBodyOf(sent, savedRef.current.title === ""),
            version,
          });
          savedRef.current = sent;
          setHasPending(true);
        } else {
          answered = await updatePost(postId, {
            ...draftBodyOf(sent, savedRef.current.title === ""),
            ...(filledByAiRef.current ? { generatedByAi: true } : {}),
            version,
            ...(kind === "autosave" ? { autosave: true } : {}),
          });
          accept(answered, sent);
          setHasPending(false);
          // An explicit save shows the fields as the server keeps them (normalized slug,
          // derived excerpt), unless the owner typed on meanwhile.
          if (kind === "explicit" && same(getFields(), sent)) {
            savedRef.current = fieldsOf(answered);
            fill(savedRef.current);
          }
          await onSavedRef.current(answered);
        }
        setError(null);
        const caughtUp = same(getFields(), sent);
        if (caughtUp && !recoveryRef.current) clearLocalDraft(storageKeyRef.current);
        setState(caughtUp ? "saved" : "unsaved");
        return answered;
      } catch (err) {
        return failed(err, kind);
      }

      /** The first save of a new post creates it; the address then names it. */
      async function createDraft(kind: Kind): Promise<Post | null> {
        const sent = getFields();
        lastKind.current = kind;
        setState("saving");
        try {
          const created = await createRef.current(sent);
          postIdRef.current = created.id;
          accept(created, sent);
          if (kind === "explicit" && same(getFields(), sent)) {
            savedRef.current = fieldsOf(created);
            fill(savedRef.current);
          }
          // From now on the post's own key holds what the server does not have yet.
          if (!recoveryRef.current) clearLocalDraft(storageKeyRef.current);
          setPostId(created.id);
          await onSavedRef.current(created);
          await onCreatedRef.current(created);
          setError(null);
          setState(same(getFields(), savedRef.current) ? "saved" : "unsaved");
          return created;
        } catch (err) {
          return failed(err, kind);
        }
      }

      function failed(err: unknown, kind: Kind): null {
        setState("unsaved");
        const current = staleCurrentOf(err);
        if (current) {
          setConflict(current);
          return null;
        }
        setError(
          isUnauthorized(err)
            ? "Your session has expired. Sign in again: your text is kept on this device until it is saved."
            : errorMessage(
                err,
                "Failed to save. Your text is kept on this device; it will be saved again.",
              ),
        );
        if (kind === "explicit") throw err;
        return null;
      }
    },
    [getFields, accept, fill],
  );

  /** Runs saves one after another, so each starts from the version the previous answered. */
  const persist = useCallback(
    (kind: Kind): Promise<Post | null> => {
      const next = queue.current.catch(() => undefined).then(() => run(kind));
      queue.current = next;
      return next;
    },
    [run],
  );

  const serialized = JSON.stringify(fields);

  // Typing: local storage at once (nearly), the server once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `serialized` stands for the fields.
  useEffect(() => {
    if (!enabled) return;
    if (!isDirty()) {
      if (!recoveryRef.current) clearLocalDraft(storageKey);
      setState((now) => (now === "saving" ? now : postIdRef.current ? "saved" : "unsaved"));
      setError(null);
      return;
    }
    setState((now) => (now === "saving" ? now : "unsaved"));
    const local = setTimeout(() => {
      writeLocalDraft(storageKey, {
        fields: getFields(),
        baseVersion: versionRef.current,
        savedAt: new Date().toISOString(),
      });
    }, localDelayMs);
    // A new post is kept as soon as it has a title or a body (decision 351); a post that has a
    // title on the server is not saved with its title field emptied.
    const now = getFields();
    const canSave =
      conflict === null &&
      (now.title.trim() !== "" || (savedRef.current.title === "" && hasBody(now.content)));
    const server = canSave ? setTimeout(() => void persist("autosave"), autosaveDelayMs) : 0;
    return () => {
      clearTimeout(local);
      if (server) clearTimeout(server);
    };
  }, [serialized, enabled, conflict, storageKey, persist, isDirty, getFields]);

  // Leaving the page flushes the text to local storage, whatever the timers.
  useEffect(() => {
    if (!enabled) return;
    const flush = () => {
      if (!isDirty()) return;
      writeLocalDraft(storageKey, {
        fields: getFields(),
        baseVersion: versionRef.current,
        savedAt: new Date().toISOString(),
      });
    };
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, [enabled, storageKey, isDirty, getFields]);

  return {
    state,
    error,
    /** Not on the server yet: its first save creates it. */
    isNew: postId === null,
    /** New, or kept under the placeholder title: a title is still to come. */
    untitled: savedRef.current.title === "",
    /** A live post has saved changes that readers do not see yet. */
    hasPending,
    /** 'Update' has something to make live. */
    canUpdate: hasPending || !same(fields, live),
    version: () => versionRef.current,
    isDirty,
    accept,
    /** 'Save Draft' / 'Update': saves into the post now (live for a published post). */
    saveNow: () => persist("explicit"),
    /** Saves what is not saved yet (before a draft's status change); the post as answered. */
    flush: async () => (isDirty() ? persist("explicit") : null),
    /** A status change or another call answered a stale-version error: the dialog opens. */
    conflictFrom: (err: unknown): boolean => {
      const current = staleCurrentOf(err);
      if (current) setConflict(current);
      return current !== null;
    },
    /**
     * The post went back to draft: edits kept apart for the live page are now the draft's
     * own unsaved changes, which autosave saves into it.
     */
    unpublished: (next: Post) => {
      accept(next, hasPending ? fieldsOf(next) : undefined);
      setHasPending(false);
    },
    conflict,
    /** 'Reload their version': the form takes the saved post, the editor's text goes. */
    reloadTheirs: async () => {
      if (!conflict) return;
      const theirs = fieldsOf(conflict);
      accept(conflict, theirs);
      setHasPending(false);
      fill(theirs);
      setConflict(null);
      clearLocalDraft(storageKey);
      setState("saved");
      await onSavedRef.current(conflict);
    },
    /** 'Overwrite': saves the editor's text again, from the version saved now. */
    overwrite: async () => {
      if (!conflict) return;
      accept(conflict);
      await onSavedRef.current(conflict);
      setConflict(null);
      await persist(lastKind.current).catch(() => undefined);
    },
    /** 'Discard changes' of a live post: the pending changes go, the form shows the live post. */
    discardPending: async () => {
      if (!postId) return;
      await queue.current.catch(() => undefined);
      await discardPendingChanges(postId);
      savedRef.current = live;
      setHasPending(false);
      fill(live);
      clearLocalDraft(storageKey);
    },
    recovery,
    restoreRecovery: () => {
      if (!recovery) return;
      fill(recovery.fields);
      setRecovery(null);
    },
    dismissRecovery: () => {
      setRecovery(null);
      if (!isDirty()) clearLocalDraft(storageKey);
    },
  };
}

export type Autosave = ReturnType<typeof useAutosave>;
