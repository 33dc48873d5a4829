import { type ReactNode, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./ui/alert-dialog.tsx";

/**
 * A confirmation before a destructive action (delete a post, a category, a link). The texts are
 * the screen's own (each screen words them). While `onConfirm` runs, both buttons are
 * disabled, the dialog cannot be dismissed and the confirm button reads `pendingLabel`.
 * `onConfirm` closes the dialog itself when it is done (through `open`); when it rejects, the
 * dialog stays open for another try, so the caller reports the error before rejecting.
 * `children` go between the question and the buttons (a choice the action needs). Where the
 * other button is an action too (`onCancel`, e.g. 'Reload their version'), it runs the same way
 * and only the buttons close the dialog.
 */
export function ConfirmDialog({
  open = true,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  cancelLabel = "Cancel",
  confirmLabel = "Delete",
  pendingLabel = "Deleting...",
  onConfirm,
  onCancel,
  children,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (its opener may have gone with it). */
  onCloseAutoFocus?: (event: Event) => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel?: string;
  pendingLabel?: string;
  onConfirm: () => Promise<unknown>;
  onCancel?: () => Promise<unknown>;
  /** Given whether the action runs, so a choice in it is held meanwhile. */
  children?: (isPending: boolean) => ReactNode;
}) {
  const [isPending, setPending] = useState(false);

  async function run(action: () => Promise<unknown>) {
    if (isPending) return;
    setPending(true);
    try {
      await action();
    } catch {
      // Kept open: the caller has told the user what went wrong.
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => !isPending && !(onCancel && !next) && onOpenChange(next)}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children?.(isPending)}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending} onClick={onCancel && (() => void run(onCancel))}>
            {cancelLabel}
          </AlertDialogCancel>
          <AlertDialogConfirm disabled={isPending} onClick={() => void run(onConfirm)}>
            {isPending ? pendingLabel : confirmLabel}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
