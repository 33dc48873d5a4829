import { allowedSchemes, allowedSchemesByTag } from "@contracts/html-allowlist.ts";
import { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { FormDialog, FormField } from "../../../components/form-dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";

/**
 * An address the allowlist keeps: one of `schemes` (the allowlist's http, https and mailto by
 * default), or relative to the blog (never protocol-relative `//host`).
 */
export function acceptableUrl(value: string, schemes: readonly string[] = allowedSchemes): boolean {
  const url = value.trim();
  if (!url) return false;
  const scheme = url.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (scheme === undefined) return !url.startsWith("//");
  return schemes.includes(scheme);
}

// The addresses the content's allowlist (shared with the API's cleaning) keeps: a link or an
// image the server would strip is refused here, with the same words the dialogs always used.
const linkFields = z.object({
  href: z
    .string()
    .refine(
      (href) => !href.trim() || acceptableUrl(href),
      "Use an address starting with https://, http:// or mailto:.",
    ),
});
const imageFields = z.object({
  src: z
    .string()
    .refine(
      (src) => acceptableUrl(src, allowedSchemesByTag.img),
      "Enter an image address starting with https:// or http://.",
    ),
  alt: z.string(),
});

/** The dialog both share: an address (focused, with why it was refused) and Cancel beside the submit button. */
function AddressDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  onSubmit,
  label,
  placeholder,
  error,
  address,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  label: string;
  placeholder: string;
  error: string | undefined;
  /** The address input's registration. */
  address: UseFormRegisterReturn;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onSubmit={onSubmit}
      isPending={false}
      submitLabel={submitLabel}
      pendingLabel={submitLabel}
      className="space-y-4"
      contentClassName="sm:max-w-md"
    >
      <FormField id={`${id}-address`} label={label} error={error}>
        {(field) => <Input {...field} placeholder={placeholder} autoFocus {...address} />}
      </FormField>
      {children}
    </FormDialog>
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
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    defaultValues: { href: initialHref },
    resolver: zodResolver(linkFields),
    // The reason shows until the address is changed, as the dialog always did.
    reValidateMode: "onSubmit",
  });

  return (
    <AddressDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Insert link"
      description="Link the selected text. Leave empty to remove the link."
      submitLabel={initialHref ? "Update link" : "Add link"}
      onSubmit={handleSubmit(({ href }) => {
        onSubmit(href.trim() || null);
        onOpenChange(false);
      })}
      label="Link address"
      placeholder="https://example.com"
      error={errors.href?.message}
      address={register("href", { onChange: () => clearErrors("href") })}
    />
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
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    defaultValues: { src: "", alt: "" },
    resolver: zodResolver(imageFields),
    reValidateMode: "onSubmit",
  });

  return (
    <AddressDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Insert image"
      description="An image by its address. Describe it for readers who cannot see it."
      submitLabel="Insert image"
      onSubmit={handleSubmit(({ src, alt }) => {
        onSubmit({ src: src.trim(), alt: alt.trim() });
        onOpenChange(false);
      })}
      label="Image address"
      placeholder="https://example.com/photo.jpg"
      error={errors.src?.message}
      address={register("src", { onChange: () => clearErrors("src") })}
    >
      <FormField id={`${altId}-alt`} label="Alt text">
        {(field) => <Input {...field} {...register("alt")} />}
      </FormField>
    </AddressDialog>
  );
}
