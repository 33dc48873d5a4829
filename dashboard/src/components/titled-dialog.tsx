import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.tsx";

/**
 * A dialog that shows something rather than asks (a link's clicks, a post's revisions) or that
 * holds a form of its own: a title and a line of description, then `children`. A dialog that is
 * one form starts from `FormDialog`, a question before an action from `ConfirmDialog`.
 */
export function TitledDialog({
  open = true,
  onOpenChange,
  title,
  description,
  descriptionClassName,
  className,
  onCloseAutoFocus,
  children,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  /** The dialog box's own classes (its width, a scroll for tall content). */
  className?: string;
  /** Where focus goes once the dialog is gone (its opener may have gone with it). */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
