import type { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, type ReactNode, useId } from "react";
import { type Control, Controller, type FieldErrors, useForm, useWatch } from "react-hook-form";
import {
  type LinkFormValues,
  linkFormSchema,
  requiredFieldsToast,
} from "../lib/affiliate-link-form.ts";
import { errorMessage, fieldIssuesOf, statusOf } from "../lib/api-client.ts";
import { AutoInsertField } from "./auto-insert-field.tsx";
import { FormDialog, FormField } from "./form-dialog.tsx";
import { Button } from "./ui/button.tsx";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { toast } from "./ui/use-toast.ts";

type Field = "keyword" | "url";
type LinkFields = z.input<typeof linkFormSchema>;
type LinkForm = z.output<typeof linkFormSchema>;

export type AffiliateLinkDialogTexts = {
  title: string;
  description: ReactNode;
  submit: string;
  busy: string;
  cancel: string;
  placeholders?: Partial<Record<Field, string>>;
};

/** A blank keyword or URL fails the contract's minimum length; the toast says why. */
const isBlank = (found: FieldErrors<LinkFields>, field: Field) =>
  found[field]?.type === "too_small";

/**
 * The form of an affiliate link in a dialog: keyword, target URL and auto-insert (the links
 * screen's create and edit dialogs, and the link offered after approving a program), checked
 * with the contract's schema. A blank keyword or URL is marked and focused, and a toast says
 * both are required; any other problem is said in a toast and under its field.
 * `onSubmit` gets trimmed values and throws when the server refuses them; the caller shows the
 * toast, the dialog stays open and shows the server's reason under the field it names (with
 * `conflictOnKeyword`, a 409's message goes under the keyword: the blog already links it).
 */
export function AffiliateLinkDialog({
  texts,
  initial,
  conflictOnKeyword = false,
  keywordChoices = [],
  subIdFields = false,
  onOpenChange,
  onCloseAutoFocus,
  onSubmit,
}: {
  texts: AffiliateLinkDialogTexts;
  initial: LinkFormValues;
  conflictOnKeyword?: boolean;
  /** Keywords to pick with one click under the field (suggested from the blog's posts). */
  keywordChoices?: readonly string[];
  /** Offers the link's sub-ID parameter and template (issue 18, decision 133). */
  subIdFields?: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (its opener may have gone with it). */
  onCloseAutoFocus?: (event: Event) => void;
  onSubmit: (values: LinkFormValues) => Promise<void>;
}) {
  const ids = { keyword: useId(), url: useId(), subIdParam: useId(), subIdTemplate: useId() };
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LinkFields, unknown, LinkForm>({
    defaultValues: initial,
    resolver: zodResolver(linkFormSchema),
    // A field's mark goes as soon as it changes; it is checked again on the next submit.
    reValidateMode: "onSubmit",
  });
  const keyword = useWatch({ control, name: "keyword" });

  async function submit(values: LinkForm) {
    try {
      await onSubmit({
        keyword: values.keyword,
        url: values.url,
        autoInsert: values.autoInsert,
        // Sent only when the form has them (the recommendation's quick form does not).
        ...(values.subIdParam !== undefined ? { subIdParam: values.subIdParam } : {}),
        ...(values.subIdTemplate !== undefined ? { subIdTemplate: values.subIdTemplate } : {}),
      });
    } catch (error) {
      const issues = fieldIssuesOf(error);
      const keywordIssue =
        issues.keyword ??
        (conflictOnKeyword && statusOf(error) === 409 ? errorMessage(error, "") : undefined);
      if (keywordIssue) setError("keyword", { type: "server", message: keywordIssue });
      if (issues.url) setError("url", { type: "server", message: issues.url });
      if (keywordIssue) setFocus("keyword");
      else if (issues.url) setFocus("url");
    }
  }

  function invalid(found: FieldErrors<LinkFields>) {
    const blank = (["keyword", "url"] as const).filter((field) => isBlank(found, field));
    if (blank.length > 0) {
      // Only the blank fields are marked (and the first focused): the rest is checked once
      // both are filled in.
      for (const field of ["keyword", "url", "subIdParam", "subIdTemplate"] as const) {
        if (!blank.some((name) => name === field)) clearErrors(field);
      }
      toast(requiredFieldsToast);
      return;
    }
    const first = Object.values(found).find((error) => error?.message)?.message;
    if (first) toast({ variant: "destructive", title: "Error", description: first });
  }

  const shown = (field: Field) => (isBlank(errors, field) ? undefined : errors[field]?.message);
  const marked = (field: Field) => (errors[field] ? true : undefined);
  const field = (name: Field, label: string, input: Partial<ComponentProps<"input">>) => (
    <FormField id={ids[name]} label={label} error={shown(name)}>
      {(props) => (
        <Input
          {...props}
          aria-invalid={marked(name)}
          placeholder={texts.placeholders?.[name]}
          autoComplete="off"
          {...input}
          {...register(name, { onChange: () => clearErrors(name) })}
        />
      )}
    </FormField>
  );

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={texts.title}
      description={texts.description}
      onSubmit={handleSubmit(submit, invalid)}
      isPending={isSubmitting}
      submitLabel={texts.submit}
      pendingLabel={texts.busy}
      cancelLabel={texts.cancel}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {field("keyword", "Keyword", {})}
      {keywordChoices.length > 1 && (
        <fieldset className="-mt-2 min-w-0 space-y-1.5">
          <legend className="text-sm text-muted-foreground">Keywords from your posts</legend>
          <div className="flex flex-wrap gap-1.5">
            {keywordChoices.map((choice) => (
              <Button
                key={choice}
                type="button"
                size="sm"
                variant="outline"
                aria-pressed={keyword.trim() === choice}
                onClick={() => {
                  setValue("keyword", choice);
                  clearErrors("keyword");
                }}
                className="h-auto max-w-full py-1 break-words whitespace-normal"
              >
                {choice}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      {field("url", "Target URL", { type: "url", inputMode: "url", spellCheck: false })}
      <Controller
        control={control}
        name="autoInsert"
        render={({ field: { value, onChange } }) => (
          <AutoInsertField checked={value ?? true} onCheckedChange={onChange} />
        )}
      />
      {subIdFields && (
        <details className="text-sm" open={Boolean(initial.subIdParam || initial.subIdTemplate)}>
          <summary className="cursor-pointer font-medium">Sub-ID for the network's report</summary>
          <p className="mt-1 text-muted-foreground">
            Tells the network which post earned: {"{post}"}, {"{blog}"} and {"{link}"} are filled in
            on each click.
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <SubIdInput
              id={ids.subIdParam}
              label="Sub-ID parameter"
              placeholder="tag, subId1, sid or clickref"
              name="subIdParam"
              control={control}
            />
            <SubIdInput
              id={ids.subIdTemplate}
              label="Sub-ID template"
              placeholder="{blog}-{post}"
              name="subIdTemplate"
              control={control}
            />
          </div>
        </details>
      )}
    </FormDialog>
  );
}

/**
 * A sub-ID field: controlled, so a field the owner never touches stays undefined and is not
 * sent (a link without a sub-ID keeps none).
 */
function SubIdInput({
  id,
  label,
  placeholder,
  name,
  control,
}: {
  id: string;
  label: string;
  placeholder: string;
  name: "subIdParam" | "subIdTemplate";
  control: Control<LinkFields, unknown, LinkForm>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="space-y-2">
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            ref={field.ref}
            name={field.name}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          />
          {fieldState.error && (
            <p id={`${id}-error`} className="text-sm font-medium text-error">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}
