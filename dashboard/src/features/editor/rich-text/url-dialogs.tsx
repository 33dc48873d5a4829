import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";

/**
 * An address the allowlist keeps: one of `schemes` (http, https and mailto by default), or
 * relative to the blog (never protocol-relative `//host`).
 */
export function acceptableUrl(
  value: string,
  schemes: readonly string[] = ["http", "https", "mailto"],
): boolean {
  const url = value.trim();
  if (!url) return false;
  const scheme = url.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (scheme === undefined) return !url.startsWith("//");
  return schemes.includes(scheme);
}

/** The form both dialogs share: a title, a description, fields, Cancel and a submit button. */
function UrlFormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">{submitLabel}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** An address input with its label and, under it, why the address was refused. */
function AddressField({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  placeholder: string;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoFocus
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** 'Insert link': the address for the selected text; an empty address removes the link. */
export function LinkDialog({
  open,
  onOpenChange,
  initialHref,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialHref: string;
  onSubmit: (href: string | null) => void;
}) {
  const [href, setHref] = useState(initialHref);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = href.trim();
    if (value && !acceptableUrl(value)) {
      setError("Use an address starting with https://, http:// or mailto:.");
      return;
    }
    onSubmit(value || null);
    onOpenChange(false);
  }

  return (
    <UrlFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Insert link"
      description="Link the selected text. Leave empty to remove the link."
      submitLabel={initialHref ? "Update link" : "Add link"}
      onSubmit={submit}
    >
      <AddressField
        label="Link address"
        value={href}
        onChange={(value) => {
          setHref(value);
          setError(null);
        }}
        error={error}
        placeholder="https://example.com"
      />
    </UrlFormDialog>
  );
}

export type PickedImage = { src: string; alt: string; width?: number; height?: number };

/** 'Insert image' by address and alt text (an image hosted elsewhere than the media library). */
export function ImageDialog({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (image: PickedImage) => void;
}) {
  const altId = useId();
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = src.trim();
    if (!acceptableUrl(value, ["http", "https"])) {
      setError("Enter an image address starting with https:// or http://.");
      return;
    }
    onSubmit({ src: value, alt: alt.trim() });
    onOpenChange(false);
  }

  return (
    <UrlFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Insert image"
      description="An image by its address. Describe it for readers who cannot see it."
      submitLabel="Insert image"
      onSubmit={submit}
    >
      <AddressField
        label="Image address"
        value={src}
        onChange={(value) => {
          setSrc(value);
          setError(null);
        }}
        error={error}
        placeholder="https://example.com/photo.jpg"
      />
      <div className="space-y-2">
        <Label htmlFor={altId}>Alt text</Label>
        <Input id={altId} value={alt} onChange={(event) => setAlt(event.target.value)} />
      </div>
    </UrlFormDialog>
  );
}
