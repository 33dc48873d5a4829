import type { FormEventHandler, ReactNode } from "react";
import { Button } from "./ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.tsx";
import { Label } from "./ui/label.tsx";

/**
 * A dialog that is one form: a title and a line of description, the fields, an error for the
 * whole form, and Cancel beside the submit button. While the form is pending the dialog stays
 * open and both buttons are disabled. The form itself (react-hook-form with a contract's schema)
 * belongs to the caller, which passes its `handleSubmit(...)` as `onSubmit`.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  isPending,
  submitLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  submitDisabled = false,
  error,
  className = "grid gap-4",
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  /** Called with false for Cancel, Escape and the close button (never while pending). */
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  /** Keeps the submit button off (e.g. until a required field has text). */
  submitDisabled?: boolean;
  /** A message for the whole form (the server's refusal), said as an alert above the buttons. */
  error?: string | undefined;
  className?: string;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form noValidate onSubmit={onSubmit} className={className}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {error && (
            <p role="alert" className="text-sm font-medium text-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              disabled={isPending || submitDisabled}
              aria-busy={isPending || undefined}
            >
              {isPending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What a field's control needs to be named by its label and described by its error. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** A labelled field with its error under it; `children` renders the control with `props`. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
