import type { Blog } from "@contracts/blogs.ts";
import {
  type BlogNewsletter,
  type NewsletterSettingsInput,
  newsletterSettingsInput,
} from "@contracts/newsletter-issues.ts";
import type { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { NewspaperIcon } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { CardHeading } from "../../../components/card-heading.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { updateNewsletterSettings, useBlogNewsletter } from "../../../lib/api/newsletter.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";
import { subscribersCount } from "../../../lib/newsletter-issues.ts";

type NewsletterForm = z.input<typeof newsletterSettingsInput>;
type FieldName = "senderName" | "senderAddress" | "sendByDefault" | "weeklyDigest";
const formFields = new Set<string>([
  "senderName",
  "senderAddress",
  "sendByDefault",
  "weeklyDigest",
]);

const formOf = (data: BlogNewsletter): NewsletterForm => ({
  senderName: data.settings.senderName ?? "",
  senderAddress: data.settings.senderAddress ?? "",
  sendByDefault: data.settings.sendByDefault,
  weeklyDigest: data.settings.weeklyDigest,
});

/**
 * Issue 36 (decision 377): who the blog's e-mails come from, whether new posts are sent by
 * e-mail by default, and the weekly digest. The owner's; saved together.
 */
export function NewsletterCard({ blog }: { blog: Blog }) {
  const titleId = useId();
  const { data, error, mutate } = useBlogNewsletter(blog.id);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardHeading id={titleId} icon={NewspaperIcon}>
          Newsletter
        </CardHeading>
        <CardDescription>
          How {blog.name}'s posts go out by e-mail to its confirmed subscribers
          {data ? ` (${subscribersCount(data.subscribed)} now)` : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          <NewsletterFields
            blog={blog}
            saved={data}
            onSaved={(next) => void mutate(next, { revalidate: false })}
          />
        ) : error ? (
          <LoadError
            variant="card"
            title="Failed to load the newsletter settings"
            message={errorMessage(error, "Try again in a moment.")}
            retryLabel="Try again"
            onRetry={() => void mutate()}
          />
        ) : (
          <p role="status" className="py-4 text-sm text-muted-foreground">
            Loading newsletter settings...
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function NewsletterFields({
  blog,
  saved,
  onSaved,
}: {
  blog: Blog;
  saved: BlogNewsletter;
  onSaved: (next: BlogNewsletter) => void;
}) {
  const id = useId();
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<NewsletterForm, unknown, NewsletterSettingsInput>({
    defaultValues: formOf(saved),
    resolver: zodResolver(newsletterSettingsInput),
  });

  async function save(input: NewsletterSettingsInput) {
    try {
      const next = await updateNewsletterSettings(blog.id, input);
      onSaved(next);
      reset(formOf(next));
      toast({
        title: "Newsletter settings saved",
        description: `${blog.name}'s e-mails follow them from now on.`,
      });
    } catch (failure) {
      for (const [field, message] of Object.entries(fieldIssuesOf(failure))) {
        if (formFields.has(field)) setError(field as FieldName, { message });
      }
      toast({
        variant: "destructive",
        title: "Newsletter settings not saved",
        description: errorMessage(failure, "The settings could not be saved. Try again."),
      });
    }
  }

  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${fieldId(name)}-error`} className="text-sm font-medium text-error">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (name: FieldName) =>
    [`${fieldId(name)}-hint`, errors[name] ? `${fieldId(name)}-error` : ""]
      .filter(Boolean)
      .join(" ");
  const toggle = (name: "sendByDefault" | "weeklyDigest", label: string, hint: string) => (
    <div className="space-y-1 rounded-lg border p-3">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor={fieldId(name)}>{label}</Label>
          <p id={`${fieldId(name)}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        </div>
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Switch
              id={fieldId(name)}
              checked={field.value === true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={describedBy(name)}
              aria-invalid={errors[name] ? true : undefined}
            />
          )}
        />
      </div>
      {fieldError(name)}
    </div>
  );

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="space-y-4">
      {!saved.available && (
        <p role="note" className="rounded-md border border-dashed px-3 py-2 text-sm">
          This server sends no e-mail yet: its administrator sets up an SMTP server (SMTP_URL).
          These settings are kept for when it does.
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={fieldId("senderName")}>Sender name</Label>
        <Input
          id={fieldId("senderName")}
          autoComplete="off"
          placeholder={blog.name}
          {...register("senderName")}
          aria-invalid={errors.senderName ? true : undefined}
          aria-describedby={describedBy("senderName")}
        />
        <p id={`${fieldId("senderName")}-hint`} className="text-sm text-muted-foreground">
          Empty: the blog's name. Up to 100 characters.
        </p>
        {fieldError("senderName")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("senderAddress")}>Sender address</Label>
        <Input
          id={fieldId("senderAddress")}
          type="email"
          autoComplete="off"
          placeholder="Empty: the server's address"
          {...register("senderAddress")}
          aria-invalid={errors.senderAddress ? true : undefined}
          aria-describedby={describedBy("senderAddress")}
        />
        <p id={`${fieldId("senderAddress")}-hint`} className="text-sm text-muted-foreground">
          Empty: the server's address. Use an address your SMTP server may send from.
        </p>
        {fieldError("senderAddress")}
      </div>
      {toggle(
        "sendByDefault",
        "Send new posts by e-mail by default",
        "A post begun in the editor starts with “Also send by e-mail” ticked.",
      )}
      {toggle(
        "weeklyDigest",
        "Weekly digest",
        "Once a week, one e-mail with the week's posts that were not sent on their own.",
      )}
      <Button type="submit" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? "Saving..." : "Save Newsletter Settings"}
      </Button>
    </form>
  );
}
