import type { AffiliateLink } from "@contracts/affiliate-links.ts";
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
} from "../../../components/ui/alert-dialog.tsx";

/** Spec section 2.8: a delete confirmation naming the keyword. */
export function DeleteLinkDialog({
  link,
  onOpenChange,
  onCloseAutoFocus,
  onConfirm,
}: {
  link: AffiliateLink;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (its opener may have gone with it). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Resolves when done (the caller closes the dialog); rejects to keep it open. */
  onConfirm: () => Promise<void>;
}) {
  const [isPending, setPending] = useState(false);
  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
    } catch {
      setPending(false);
    }
  }
  return (
    <AlertDialog open onOpenChange={(open) => !isPending && onOpenChange(open)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete the link for “{link.keyword}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Posts will no longer link “{link.keyword}” once the blog is rendered again, and the
            link's click counts are deleted. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm disabled={isPending} onClick={() => void confirm()}>
            {isPending ? "Deleting..." : "Delete"}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
