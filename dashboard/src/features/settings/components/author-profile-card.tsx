import type { AuthorProfile, AuthorProfileInput } from "@contracts/authors.ts";
import { authorProfileLimits } from "@contracts/authors.ts";
import type { Blog } from "@contracts/blogs.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { ImageUpIcon, SquareUserRoundIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CardHeading } from "../../../components/card-heading.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { MediaPickerDialog } from "../../../components/media-picker-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useMediaItem } from "../../../lib/api/get-media-item.ts";
import { errorMessage, fieldIssuesOf, statusOf } from "../../../lib/api-client.ts";
import { useAuthorProfile } from "../api/get-author-profile.ts";
import { usePublicProfile } from "../api/public-profile.ts";
import { useSaveAuthorProfile } from "../api/save-author-profile.ts";
import {
  type AuthorProfileForm,
  authorProfileFormOf,
  authorProfileFormSchema,
} from "./author-profile-form.ts";

const titleId = "author-profile-title";
const formFields = new Set<string>(["name", "bio", "photoId", "links"]);

/**
 * Issue 35, item 4 (decision 368): the signed-in person's public author profile on the
 * selected blog, whatever their role: the byline of their posts there and their author page.
 */
export function AuthorProfileCard({ blog }: { blog: Blog }) {
  const { data, error, isLoading, mutate } = useAuthorProfile(blog.id);
  const { data: account, isLoading: accountLoading } = usePublicProfile();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardHeading id={titleId} icon={SquareUserRoundIcon}>
          Author Profile
        </CardHeading>
        <CardDescription>
          How readers of {blog.name} see you as the author of your posts: on each post and on your
          author page. Your e-mail is never shown.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data && !accountLoading ? (
          <AuthorProfileFields blog={blog} saved={data} publicName={account?.displayName} />
        ) : isLoading || accountLoading || !error ? (
          <p role="status" className="py-4 text-sm text-muted-foreground">
            Loading your author profile...
          </p>
        ) : (
          <LoadError
            variant="card"
            title="Failed to load your author profile"
            retryLabel="Try again"
            onRetry={() => void mutate()}
          />
        )}
      </CardContent>
    </Card>
  );
}

function AuthorProfileFields({
  blog,
  saved,
  publicName,
}: {
  blog: Blog;
  saved: AuthorProfile;
  publicName: string | null | undefined;
}) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<AuthorProfileForm, unknown, AuthorProfileInput>({
    defaultValues: authorProfileFormOf(saved, publicName),
    resolver: zodResolver(authorProfileFormSchema),
  });
  const photoId = useWatch({ control, name: "photoId" });
  const { data: photo } = useMediaItem(blog.id, photoId);
  const [picking, setPicking] = useState(false);
  const { saveAuthorProfile, isPending } = useSaveAuthorProfile();

  async function save(input: AuthorProfileInput) {
    if (isPending) return;
    try {
      const profile = await saveAuthorProfile(blog.id, input);
      reset(authorProfileFormOf(profile, publicName));
      toast({
        title: "Author profile saved",
        description: `${blog.name} shows your posts by ${profile.name} in a moment.`,
      });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldIssuesOf(error))) {
        if (formFields.has(field)) setError(field as keyof AuthorProfileForm, { message });
      }
      // A photo that is no longer in the blog's library answers 404.
      if (statusOf(error) === 404) {
        setError("photoId", {
          message: "This photo is not in the blog's media library any more. Choose another.",
        });
      }
      toast({
        variant: "destructive",
        title: "Author profile not saved",
        description: errorMessage(error, "Failed to save your author profile. Try again."),
      });
    }
  }

  const errorOf = (name: keyof AuthorProfileForm) => errors[name]?.message;
  const describedBy = (name: keyof AuthorProfileForm, hint?: boolean) =>
    [hint ? `${fieldId(name)}-hint` : "", errorOf(name) ? `${fieldId(name)}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const fieldError = (name: keyof AuthorProfileForm) => {
    const message = errorOf(name);
    return message ? (
      <p id={`${fieldId(name)}-error`} className="text-sm font-medium text-error">
        {message}
      </p>
    ) : null;
  };
  const hint = (name: keyof AuthorProfileForm, text: string) => (
    <p id={`${fieldId(name)}-hint`} className="text-sm text-muted-foreground">
      {text}
    </p>
  );

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="space-y-4">
      <div className="grid gap-2">
        <Label htmlFor={fieldId("name")}>Author Name</Label>
        <Input
          id={fieldId("name")}
          autoComplete="off"
          placeholder="e.g. Rowan Vale"
          {...register("name")}
          aria-invalid={errorOf("name") ? true : undefined}
          aria-describedby={describedBy("name", true)}
        />
        {hint(
          "name",
          saved.slug
            ? `Your author page: /author/${saved.slug}. Up to ${authorProfileLimits.name} characters.`
            : `Up to ${authorProfileLimits.name} characters.`,
        )}
        {fieldError("name")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("bio")}>Author Bio</Label>
        <Textarea
          id={fieldId("bio")}
          rows={3}
          placeholder="A few sentences about you, shown under your posts and on your author page."
          {...register("bio")}
          aria-invalid={errorOf("bio") ? true : undefined}
          aria-describedby={describedBy("bio", true)}
        />
        {hint("bio", `Up to ${authorProfileLimits.bio} characters.`)}
        {fieldError("bio")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("links")}>Profile Links</Label>
        <Textarea
          id={fieldId("links")}
          rows={2}
          placeholder="https://…"
          spellCheck={false}
          {...register("links")}
          aria-invalid={errorOf("links") ? true : undefined}
          aria-describedby={describedBy("links", true)}
        />
        {hint(
          "links",
          `One address a line, up to ${authorProfileLimits.links}: your pages elsewhere.`,
        )}
        {fieldError("links")}
      </div>
      <div className="grid gap-2">
        <Label id={fieldId("photoId")}>Author Photo</Label>
        {photoId && photo ? (
          <div className="flex items-center gap-3">
            <img
              src={photo.thumbnail}
              alt={photo.alt}
              className="size-14 rounded-full border object-cover"
            />
            <span className="truncate text-sm text-muted-foreground">{photo.fileName}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setValue("photoId", null, { shouldDirty: true })}
            >
              <XIcon aria-hidden="true" />
              Remove photo
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No photo chosen.</p>
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-describedby={fieldId("photoId")}
            onClick={() => setPicking(true)}
          >
            <ImageUpIcon aria-hidden="true" />
            {photoId ? "Change photo" : "Choose photo"}
          </Button>
        </div>
        {fieldError("photoId")}
        <MediaPickerDialog
          open={picking}
          onOpenChange={setPicking}
          blogId={blog.id}
          title="Author photo"
          onPick={(item) => setValue("photoId", item.id, { shouldDirty: true })}
        />
      </div>
      <Button type="submit" disabled={isPending || (!isDirty && saved.name !== null)}>
        {isPending ? "Saving..." : "Save Author Profile"}
      </Button>
    </form>
  );
}
