import { type FormEvent, useId, useState } from "react";
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

/** An address the allowlist keeps: http(s), mailto, or relative to the blog. */
export function acceptableUrl(value: string): boolean {
  const url = value.trim();
  if (!url) return false;
  const scheme = url.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (scheme === undefined) return !url.startsWith("//");
  return ["http", "https", "mailto"].includes(scheme);
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
  const id = useId();
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>Insert link</DialogTitle>
            <DialogDescription>
              Link the selected text. Leave empty to remove the link.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-href`}>Link address</Label>
            <Input
              id={`${id}-href`}
              value={href}
              onChange={(event) => {
                setHref(event.target.value);
                setError(null);
              }}
              placeholder="https://example.com"
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">{initialHref ? "Update link" : "Add link"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export type PickedImage = { src: string; alt: string; width?: number; height?: number };

/** 'Insert image' by address and alt text (until media upload provides `onPickImage`). */
export function ImageDialog({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (image: PickedImage) => void;
}) {
  const id = useId();
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = src.trim();
    const scheme = value.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
    if (
      !value ||
      (scheme !== undefined && scheme !== "http" && scheme !== "https") ||
      value.startsWith("//")
    ) {
      setError("Enter an image address starting with https:// or http://.");
      return;
    }
    onSubmit({ src: value, alt: alt.trim() });
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>Insert image</DialogTitle>
            <DialogDescription>
              An image by its address. Describe it for readers who cannot see it.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-src`}>Image address</Label>
            <Input
              id={`${id}-src`}
              value={src}
              onChange={(event) => {
                setSrc(event.target.value);
                setError(null);
              }}
              placeholder="https://example.com/photo.jpg"
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
          <div className="space-y-2">
            <Label htmlFor={`${id}-alt`}>Alt text</Label>
            <Input id={`${id}-alt`} value={alt} onChange={(event) => setAlt(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Insert image</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
