import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { type ComponentProps, type FormEvent, useId, useRef, useState } from "react";
import { AutoInsertField } from "../../../components/auto-insert-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { type LinkFormValues, validateLinkForm } from "../../../lib/affiliate-link-form.ts";
import { errorMessage, fieldIssuesOf, statusOf } from "../../../lib/api-client.ts";
import { linkDraftOf } from "./recommendation-summary.ts";

type Field = "keyword" | "url";
const blankMark = "blank";

/**
 * Offered once a program is approved (a step the spec does not have, see
 * docs/decisions/030-affiliate-recommendation-review.md): an affiliate link for it, keyword
 * from the program's name, URL from its sign-up page, auto-insert on. `onSubmit` gets trimmed
 * values and throws when the server refuses them; the caller shows the toast, the dialog stays
 * open and shows the server's reason under the field it names.
 */
export function ProgramLinkDialog({
  recommendation,
  blogName,
  onOpenChange,
  onCloseAutoFocus,
  onSubmit,
}: {
  recommendation: AffiliateRecommendation;
  blogName: string;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (the approved card has left the list). */
  onCloseAutoFocus?: (event: Event) => void;
  onSubmit: (values: LinkFormValues) => Promise<void>;
}) {
  const ids = { keyword: useId(), url: useId() };
  const [form, setForm] = useState<LinkFormValues>(() => linkDraftOf(recommendation));
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [isPending, setPending] = useState(false);
  const refs = { keyword: useRef<HTMLInputElement>(null), url: useRef<HTMLInputElement>(null) };
  // A blank field is only marked (the toast says why); a server's reason shows under it.
  const message = (field: Field) =>
    invalid[field] && invalid[field] !== blankMark ? invalid[field] : undefined;

  function set<K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setInvalid((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isPending) return;
    const check = validateLinkForm(form);
    if (!check.ok) {
      setInvalid(Object.fromEntries(check.blank.map((field) => [field, blankMark])));
      refs[check.blank[0] ?? "keyword"].current?.focus();
      toast({ variant: "destructive", title: check.title, description: check.description });
      return;
    }
    setPending(true);
    try {
      await onSubmit(check.value);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      // 409: the blog already links this keyword.
      const keyword =
        issues.keyword ?? (statusOf(error) === 409 ? errorMessage(error, "") : undefined);
      setInvalid({ keyword: keyword || undefined, url: issues.url });
      if (keyword) refs.keyword.current?.focus();
      else if (issues.url) refs.url.current?.focus();
    } finally {
      setPending(false);
    }
  }

  const field = (name: Field, label: string, input: Partial<ComponentProps<"input">>) => (
    <div className="space-y-2">
      <Label htmlFor={ids[name]}>{label}</Label>
      <Input
        id={ids[name]}
        ref={refs[name]}
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
        autoComplete="off"
        aria-invalid={invalid[name] ? true : undefined}
        aria-describedby={message(name) ? `${ids[name]}-error` : undefined}
        {...input}
      />
      {message(name) && (
        <p id={`${ids[name]}-error`} className="text-sm text-error">
          {message(name)}
        </p>
      )}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !isPending && onOpenChange(open)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Create an affiliate link</DialogTitle>
            <DialogDescription>
              Link {recommendation.programName} from the published posts of {blogName}. Once you
              have joined the program, replace the sign-up page with your own affiliate link.
            </DialogDescription>
          </DialogHeader>
          {field("keyword", "Keyword", {})}
          {field("url", "Target URL", { type: "url", inputMode: "url", spellCheck: false })}
          <AutoInsertField
            checked={form.autoInsert}
            onCheckedChange={(checked) => set("autoInsert", checked)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                Not now
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {isPending ? "Creating..." : "Create link"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
