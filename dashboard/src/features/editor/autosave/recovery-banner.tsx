import { format } from "date-fns";
import { HistoryIcon } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { LocalDraft } from "./local-draft.ts";

/** Text the server never got (a reload, a crash, an expired session), offered back. */
export function RecoveryBanner({
  draft,
  currentVersion,
  onRestore,
  onDiscard,
}: {
  draft: LocalDraft;
  currentVersion: number | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const older =
    draft.baseVersion !== null && currentVersion !== null && draft.baseVersion !== currentVersion;
  return (
    <div
      role="alert"
      aria-label="Unsaved changes found"
      className="flex flex-wrap items-center gap-3 rounded-md border bg-muted px-3 py-2 text-sm"
    >
      <HistoryIcon aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1">
        <strong className="font-medium">Unsaved changes found.</strong> Text you wrote on{" "}
        {format(new Date(draft.savedAt), "MMM d 'at' h:mm a")} was never saved
        {older ? ", on an older version of this post" : ""}. Restore it to keep working on it.
      </span>
      <Button size="sm" onClick={onRestore}>
        Restore
      </Button>
      <Button size="sm" variant="outline" onClick={onDiscard}>
        Discard
      </Button>
    </div>
  );
}
