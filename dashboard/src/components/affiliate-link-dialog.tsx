import {
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from "react";
import { type LinkFormValues, validateLinkForm } from "../lib/affiliate-link-form.ts";
import { errorMessage, fieldIssuesOf, statusOf } from "../lib/api-client.ts";
import { AutoInsertField } from "./auto-insert-field.tsx";
import { Button } from "./ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.tsx";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { toast } from "./ui/use-toast.ts";

type Field = "keyword" | "url";
const blankMark = "blank";

export type AffiliateLinkDialogTexts = {
  title: string;
  description: ReactNode;
  submit: string;
  busy: string;
  cancel: string;
  placeholders?: Partial<Record<Field, string>>;
};

/**
 * The form of an affiliate link in a dialog: keyword, target URL and auto-insert (the links
 * screen's create and edit dialogs, and the link offered after approving a program).
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
  const [form, setForm] = useState<LinkFormValues>(initial);
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
      const keyword =
        issues.keyword ??
        (conflictOnKeyword && statusOf(error) === 409 ? errorMessage(error, "") : undefined);
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
        placeholder={texts.placeholders?.[name]}
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
            <DialogTitle>{texts.title}</DialogTitle>
            <DialogDescription>{texts.description}</DialogDescription>
          </DialogHeader>
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
                    aria-pressed={form.keyword.trim() === choice}
                    onClick={() => set("keyword", choice)}
                    className="h-auto max-w-full py-1 break-words whitespace-normal"
                  >
                    {choice}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
          {field("url", "Target URL", { type: "url", inputMode: "url", spellCheck: false })}
          <AutoInsertField
            checked={form.autoInsert}
            onCheckedChange={(checked) => set("autoInsert", checked)}
          />
          {subIdFields && (
            <details
              className="text-sm"
              open={Boolean(initial.subIdParam || initial.subIdTemplate)}
            >
              <summary className="cursor-pointer font-medium">
                Sub-ID for the network's report
              </summary>
              <p className="mt-1 text-muted-foreground">
                Tells the network which post earned: {"{post}"}, {"{blog}"} and {"{link}"} are
                filled in on each click.
              </p>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <div className="space-y-2">
                  <Label htmlFor={ids.subIdParam}>Sub-ID parameter</Label>
                  <Input
                    id={ids.subIdParam}
                    value={form.subIdParam ?? ""}
                    onChange={(e) => set("subIdParam", e.target.value)}
                    placeholder="tag, subId1, sid or clickref"
                    autoComplete="off"
                    spellCheck={false}
                  />
                </div>
                <div className="space-y-2">
                  <Label htmlFor={ids.subIdTemplate}>Sub-ID template</Label>
                  <Input
                    id={ids.subIdTemplate}
                    value={form.subIdTemplate ?? ""}
                    onChange={(e) => set("subIdTemplate", e.target.value)}
                    placeholder="{blog}-{post}"
                    autoComplete="off"
                    spellCheck={false}
                  />
                </div>
              </div>
            </details>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                {texts.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {isPending ? texts.busy : texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
