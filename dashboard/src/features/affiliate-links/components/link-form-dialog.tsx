import { type FormEvent, useId, useRef, useState } from "react";
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
import { fieldIssuesOf } from "../../../lib/api-client.ts";
import { type LinkFormValues, validateLinkForm } from "./link-form.ts";

type Mode = "create" | "edit";

const blankMark = "blank";

const texts: Record<Mode, { title: string; description: string; submit: string; busy: string }> = {
  create: {
    title: "Create Affiliate Link",
    description: "Where the keyword appears in a published post, it becomes this link.",
    submit: "Create Link",
    busy: "Creating...",
  },
  edit: {
    title: "Edit Affiliate Link",
    description: "Changes show in published posts once the blog is rendered again.",
    submit: "Save Changes",
    busy: "Saving...",
  },
};

/**
 * The create and edit dialogs (spec section 2.8). `onSubmit` gets trimmed values and throws
 * when the server refuses them; the caller shows the toast, the dialog stays open and marks
 * the field the server named.
 */
export function LinkFormDialog({
  mode,
  initial = { keyword: "", url: "", autoInsert: true },
  onOpenChange,
  onCloseAutoFocus,
  onSubmit,
}: {
  mode: Mode;
  initial?: LinkFormValues;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (its opener may have gone with it). */
  onCloseAutoFocus?: (event: Event) => void;
  onSubmit: (values: LinkFormValues) => Promise<void>;
}) {
  const ids = { keyword: useId(), url: useId(), subIdParam: useId(), subIdTemplate: useId() };
  const [form, setForm] = useState<LinkFormValues>(initial);
  const [invalid, setInvalid] = useState<Partial<Record<keyof LinkFormValues, string>>>({});
  const [isPending, setPending] = useState(false);
  const keywordRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const text = texts[mode];
  // A blank field is only marked (the toast says why); a server's reason shows under it.
  const message = (field: "keyword" | "url") =>
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
      (check.blank[0] === "keyword" ? keywordRef : urlRef).current?.focus();
      toast({ variant: "destructive", title: check.title, description: check.description });
      return;
    }
    setPending(true);
    try {
      await onSubmit(check.value);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      setInvalid({ keyword: issues.keyword, url: issues.url });
      if (issues.keyword) keywordRef.current?.focus();
      else if (issues.url) urlRef.current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !isPending && onOpenChange(open)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{text.description}</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={ids.keyword}>Keyword</Label>
            <Input
              id={ids.keyword}
              ref={keywordRef}
              value={form.keyword}
              onChange={(e) => set("keyword", e.target.value)}
              placeholder="e.g. running shoes"
              autoComplete="off"
              aria-invalid={invalid.keyword ? true : undefined}
              aria-describedby={message("keyword") ? `${ids.keyword}-error` : undefined}
            />
            {message("keyword") && (
              <p id={`${ids.keyword}-error`} className="text-sm text-error">
                {message("keyword")}
              </p>
            )}
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.url}>Target URL</Label>
            <Input
              id={ids.url}
              ref={urlRef}
              type="url"
              inputMode="url"
              value={form.url}
              onChange={(e) => set("url", e.target.value)}
              placeholder="https://shop.example.com/?ref=you"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={invalid.url ? true : undefined}
              aria-describedby={message("url") ? `${ids.url}-error` : undefined}
            />
            {message("url") && (
              <p id={`${ids.url}-error`} className="text-sm text-error">
                {message("url")}
              </p>
            )}
          </div>
          <AutoInsertField
            checked={form.autoInsert}
            onCheckedChange={(checked) => set("autoInsert", checked)}
          />
          <details className="text-sm" open={Boolean(initial.subIdParam || initial.subIdTemplate)}>
            <summary className="cursor-pointer font-medium">
              Sub-ID for the network's report
            </summary>
            <p className="mt-1 text-muted-foreground">
              Tells the network which post earned: {"{post}"}, {"{blog}"} and {"{link}"} are filled
              in on each click.
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
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {isPending ? text.busy : text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
