import type { Post } from "@contracts/posts.ts";
import { format } from "date-fns";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog.tsx";

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
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog open={current !== null}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>This post was changed elsewhere</AlertDialogTitle>
          <AlertDialogDescription>
            {current
              ? `Someone saved this post in another tab or on another device at ${format(new Date(current.updatedAt), "h:mm a 'on' MMM d")}, after you opened it. Your changes are not saved. Reload their version to continue from it (your changes here are dropped), or overwrite it with your version.`
              : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy} onClick={act(onReload)}>
            Reload their version
          </AlertDialogCancel>
          <AlertDialogConfirm disabled={busy} onClick={act(onOverwrite)}>
            Overwrite
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
