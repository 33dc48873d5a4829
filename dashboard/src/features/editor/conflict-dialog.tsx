import type { Post } from "@contracts/posts.ts";
import { format } from "date-fns";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";

/**
 * A save was refused because the post changed elsewhere (decision 095): the owner chooses
 * whose text stays. Nothing was saved until then; the editor's text is still on screen.
 */
export function ConflictDialog({
  current,
  onReload,
  onOverwrite,
}: {
  current: Post | null;
  onReload: () => Promise<void>;
  onOverwrite: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open={current !== null}
      // Only a choice closes it: the post has to be one version or the other.
      onOpenChange={() => {}}
      title="This post was changed elsewhere"
      description={
        current
          ? `Someone saved this post in another tab or on another device at ${format(new Date(current.updatedAt), "h:mm a 'on' MMM d")}, after you opened it. Your changes are not saved. Reload their version to continue from it (your changes here are dropped), or overwrite it with your version.`
          : ""
      }
      cancelLabel="Reload their version"
      onCancel={onReload}
      confirmLabel="Overwrite"
      pendingLabel="Overwrite"
      onConfirm={onOverwrite}
    />
  );
}
