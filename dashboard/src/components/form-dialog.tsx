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
 * belongs to the caller, which passes its `handleSubmit(...)` as `onSubmit`. A dialog whose
 * Cancel stops work under way (`onCancel`, `cancelDisabled`) or that has another action in its
 * footer (`footerStart`) says so; the rest is the same for every dialog form.
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
  onCancel,
  cancelDisabled = isPending,
  submitDisabled = false,
  destructive = false,
  footerStart,
  error,
  className = "grid gap-4",
  contentClassName,
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
  /** Text, or an icon and text. */
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  cancelLabel?: string;
  /** What Cancel does instead of closing (e.g. stop a generation under way). */
  onCancel?: () => void;
  /** Cancel is off while pending, unless the dialog says otherwise. */
  cancelDisabled?: boolean;
  /** Keeps the submit button off (e.g. until a required field has text). */
  submitDisabled?: boolean;
  /** The submit button deletes: it is red, and the dialog is announced as an alert dialog. */
  destructive?: boolean;
  /** A further action at the start of the footer (e.g. 'Clear Schedule'). */
  footerStart?: ReactNode;
  /** A message for the whole form (the server's refusal), said as an alert above the buttons. */
  error?: string | undefined;
  className?: string;
  contentClassName?: string;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent
        className={contentClassName}
        {...(destructive ? { role: "alertdialog" } : {})}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <form
          noValidate
          onSubmit={onSubmit}
          className={className}
          aria-busy={isPending || undefined}
        >
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
            {footerStart}
            <Button
              variant="outline"
              disabled={cancelDisabled}
              onClick={onCancel ?? (() => onOpenChange(false))}
            >
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              variant={destructive ? "destructive" : undefined}
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
  label: ReactNode;
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
