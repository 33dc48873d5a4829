import { untitledDraftTitle } from "@contracts/posts.ts";
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { SaveState } from "./use-autosave.ts";

const words: Record<SaveState, string> = {
  saved: "Saved",
  saving: "Saving…",
  unsaved: "Not saved",
};

/** Where the editor's text is: 'Saved', 'Saving…' or 'Not saved', with why when it matters. */
export function SaveStateLine({
  state,
  error,
  pendingLive,
  needsTitle,
  onDiscardPending,
}: {
  state: SaveState;
  error: string | null;
  /** A live post's changes are saved but readers do not see them yet. */
  pendingLive: boolean;
  /** No title yet: a saved draft is kept under the placeholder title until it has one. */
  needsTitle: boolean;
  /** Offered while a live post has pending changes: back to what readers see. */
  onDiscardPending?: () => void;
}) {
  const Icon =
    state === "saving" ? LoaderCircleIcon : state === "saved" ? CircleCheckIcon : CircleAlertIcon;
  const detail =
    error ??
    (needsTitle && state === "saved"
      ? `Kept as “${untitledDraftTitle}” until it has a title.`
      : pendingLive && state === "saved"
        ? "Not live yet: press Update to publish these changes."
        : null);
  return (
    <p
      role="status"
      data-slot="save-state"
      className="flex items-center gap-2 text-sm text-muted-foreground"
    >
      <Icon aria-hidden="true" className={state === "saving" ? "size-4 animate-spin" : "size-4"} />
      <span data-state={state} className={state === "unsaved" && error ? "text-error" : undefined}>
        {words[state]}
      </span>
      {detail && <span className="text-xs">{detail}</span>}
      {pendingLive && onDiscardPending && (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onDiscardPending}>
          Discard changes
        </Button>
      )}
    </p>
  );
}
