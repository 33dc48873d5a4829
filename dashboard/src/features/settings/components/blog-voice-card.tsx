import type { Blog } from "@contracts/blogs.ts";
import { researchLimits } from "@contracts/research.ts";
import { type BlogVoice, type BlogVoiceInput, voiceLimits } from "@contracts/voice.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { FeatherIcon, ImageUpIcon, PlusIcon, XIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type FieldError, useFieldArray, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
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
import { getPostPage, postPageKey } from "../../../lib/api/get-post-page.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useVoice } from "../api/get-voice.ts";
import { useSaveVoice } from "../api/save-voice.ts";
import { ResponsiblePerson } from "./responsible-person-field.tsx";
import { type VoiceForm, voiceFormOf, voiceFormSchema } from "./voice-form.ts";

const titleId = "voice-title";

/**
 * Issue 31, item 6 (decision 333): the selected blog's voice for the AI writer. The author
 * persona is also what readers see as the author of every post; the style guide, the example
 * posts and what the owner knows first-hand go into every step of the writer's prompts.
 */
export function BlogVoiceCard({ blog }: { blog: Blog }) {
  const { data, error, isLoading, mutate } = useVoice(blog.id);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardHeading id={titleId} icon={FeatherIcon}>
          Voice
        </CardHeading>
        <CardDescription>
          Who writes {blog.name}, and how: the AI writer follows this for every post.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          <VoiceFormFields blog={blog} saved={data} />
        ) : isLoading || !error ? (
          <p role="status" className="py-4 text-sm text-muted-foreground">
            Loading the voice...
          </p>
        ) : (
          <LoadError
            variant="card"
            title="Failed to load the voice"
            retryLabel="Try again"
            onRetry={() => void mutate()}
          />
        )}
      </CardContent>
    </Card>
  );
}

const formFields = new Set<string>([
  "personaName",
  "personaBio",
  "personaCredentials",
  "personaLinks",
  "personaPhotoId",
  "personaResponsibleUserId",
  "tone",
  "readingLevel",
  "wordsToUse",
  "wordsToAvoid",
  "examplePostIds",
  "sourceUrls",
  "sourceNotes",
]);

function VoiceFormFields({ blog, saved }: { blog: Blog; saved: BlogVoice }) {
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
  } = useForm<VoiceForm, unknown, BlogVoiceInput>({
    defaultValues: voiceFormOf(saved),
    resolver: zodResolver(voiceFormSchema),
  });
  const notes = useFieldArray({ control, name: "sourceNotes" });
  const [photoId, exampleIds] = useWatch({ control, name: ["personaPhotoId", "examplePostIds"] });
  const { saveVoice, isPending } = useSaveVoice();
  const [picking, setPicking] = useState(false);
  const { data: photo } = useMediaItem(blog.id, photoId);
  // Titles of the chosen examples: the saved ones, and those picked since.
  const [titles, setTitles] = useState(
    () => new Map(saved.examples.map((post) => [post.id, post.title])),
  );

  async function save(input: BlogVoiceInput) {
    if (isPending) return;
    try {
      const voice = await saveVoice(blog.id, input);
      reset(voiceFormOf(voice));
      toast({
        title: "Voice saved",
        description: voice.personaName
          ? `The AI writer uses it for new posts, and ${blog.name} shows ${voice.personaName} as their author.`
          : `The AI writer uses it for new posts of ${blog.name}.`,
      });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldIssuesOf(error))) {
        if (formFields.has(field)) setError(field as keyof VoiceForm, { message });
      }
      toast({
        variant: "destructive",
        title: "Voice not saved",
        description: errorMessage(error, "Failed to save the voice. Try again."),
      });
    }
  }

  const describedBy = (name: string, hint?: boolean) =>
    [hint ? `${fieldId(name)}-hint` : "", errorOf(name) ? `${fieldId(name)}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const errorOf = (name: string): string | undefined => {
    const error = errors[name as keyof VoiceForm] as
      | (FieldError & { root?: FieldError })
      | undefined;
    return error?.message ?? error?.root?.message;
  };
  const fieldError = (name: string) => {
    const message = errorOf(name);
    return message ? (
      <p id={`${fieldId(name)}-error`} className="text-sm font-medium text-error">
        {message}
      </p>
    ) : null;
  };
  const hint = (name: string, text: string) => (
    <p id={`${fieldId(name)}-hint`} className="text-sm text-muted-foreground">
      {text}
    </p>
  );

  function chooseExample(post: { id: string; title: string }) {
    if (exampleIds.includes(post.id) || exampleIds.length >= voiceLimits.examples) return;
    setTitles((known) => new Map(known).set(post.id, post.title));
    setValue("examplePostIds", [...exampleIds, post.id], { shouldDirty: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="space-y-8">
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-base font-medium">Author</legend>
        <p className="text-sm text-muted-foreground">
          The person readers see as the author of every post, on the post, the author page and in
          search results. Without a name, posts show your public profile.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={fieldId("personaName")}>Author Name</Label>
            <Input
              id={fieldId("personaName")}
              autoComplete="off"
              placeholder="e.g. Mara Quell"
              {...register("personaName")}
              aria-invalid={errorOf("personaName") ? true : undefined}
              aria-describedby={describedBy("personaName")}
            />
            {fieldError("personaName")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId("personaCredentials")}>Credentials</Label>
            <Input
              id={fieldId("personaCredentials")}
              autoComplete="off"
              placeholder="e.g. RHS Master Gardener, 20 years on clay soil"
              {...register("personaCredentials")}
              aria-invalid={errorOf("personaCredentials") ? true : undefined}
              aria-describedby={describedBy("personaCredentials")}
            />
            {fieldError("personaCredentials")}
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("personaBio")}>Author Bio</Label>
          <Textarea
            id={fieldId("personaBio")}
            rows={3}
            placeholder="A few sentences about the author's real experience."
            {...register("personaBio")}
            aria-invalid={errorOf("personaBio") ? true : undefined}
            aria-describedby={describedBy("personaBio", true)}
          />
          {hint(
            "personaBio",
            `Shown under each post and on the author page. Up to ${voiceLimits.bio} characters.`,
          )}
          {fieldError("personaBio")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("personaLinks")}>Profile Links</Label>
          <Textarea
            id={fieldId("personaLinks")}
            rows={2}
            placeholder="https://www.linkedin.com/in/…"
            spellCheck={false}
            {...register("personaLinks")}
            aria-invalid={errorOf("personaLinks") ? true : undefined}
            aria-describedby={describedBy("personaLinks", true)}
          />
          {hint(
            "personaLinks",
            `One address a line, up to ${voiceLimits.links}: the author's pages elsewhere (a personal site, a professional profile).`,
          )}
          {fieldError("personaLinks")}
        </div>
        <div className="grid gap-2">
          <Label id={fieldId("personaPhotoId")}>Author Photo</Label>
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
                onClick={() => setValue("personaPhotoId", null, { shouldDirty: true })}
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
              aria-describedby={fieldId("personaPhotoId")}
              onClick={() => setPicking(true)}
            >
              <ImageUpIcon aria-hidden="true" />
              {photoId ? "Change photo" : "Choose photo"}
            </Button>
          </div>
          {fieldError("personaPhotoId")}
          <MediaPickerDialog
            open={picking}
            onOpenChange={setPicking}
            blogId={blog.id}
            title="Author photo"
            onPick={(item) => setValue("personaPhotoId", item.id, { shouldDirty: true })}
          />
        </div>
        <ResponsiblePerson
          blogId={blog.id}
          id={fieldId("personaResponsibleUserId")}
          field={register("personaResponsibleUserId")}
          describedBy={describedBy("personaResponsibleUserId", true)}
          hint={hint(
            "personaResponsibleUserId",
            "A persona names the person who answers for it, on its author page and in its posts' structured data: you, or one of the blog's editors.",
          )}
          error={fieldError("personaResponsibleUserId")}
        />
      </fieldset>

      <fieldset className="min-w-0 space-y-4">
        <legend className="text-base font-medium">Style Guide</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={fieldId("tone")}>Tone</Label>
            <Input
              id={fieldId("tone")}
              autoComplete="off"
              placeholder="e.g. Warm and direct, no hype"
              {...register("tone")}
              aria-invalid={errorOf("tone") ? true : undefined}
              aria-describedby={describedBy("tone")}
            />
            {fieldError("tone")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId("readingLevel")}>Reading Level</Label>
            <Input
              id={fieldId("readingLevel")}
              autoComplete="off"
              placeholder="e.g. Plain English, about grade 8"
              {...register("readingLevel")}
              aria-invalid={errorOf("readingLevel") ? true : undefined}
              aria-describedby={describedBy("readingLevel")}
            />
            {fieldError("readingLevel")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId("wordsToUse")}>Words to Use</Label>
            <Input
              id={fieldId("wordsToUse")}
              autoComplete="off"
              placeholder="e.g. tilth, raised bed"
              {...register("wordsToUse")}
              aria-invalid={errorOf("wordsToUse") ? true : undefined}
              aria-describedby={describedBy("wordsToUse", true)}
            />
            {hint("wordsToUse", "Separate with commas.")}
            {fieldError("wordsToUse")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId("wordsToAvoid")}>Words to Avoid</Label>
            <Input
              id={fieldId("wordsToAvoid")}
              autoComplete="off"
              placeholder="e.g. delve, game-changer"
              {...register("wordsToAvoid")}
              aria-invalid={errorOf("wordsToAvoid") ? true : undefined}
              aria-describedby={describedBy("wordsToAvoid", true)}
            />
            {hint("wordsToAvoid", "Separate with commas.")}
            {fieldError("wordsToAvoid")}
          </div>
        </div>
      </fieldset>

      <ExamplePosts
        blog={blog}
        ids={exampleIds}
        titles={titles}
        onChoose={chooseExample}
        onRemove={(postId) =>
          setValue(
            "examplePostIds",
            exampleIds.filter((other) => other !== postId),
            { shouldDirty: true },
          )
        }
        error={fieldError("examplePostIds")}
      />

      <fieldset className="min-w-0 space-y-4">
        <legend className="text-base font-medium">What We Know First-Hand</legend>
        <p className="text-sm text-muted-foreground">
          Pages and notes from your own experience. The AI writer may cite them in every post of
          {` ${blog.name}`}, as it cites the pages it reads.
        </p>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("sourceUrls")}>Pages</Label>
          <Textarea
            id={fieldId("sourceUrls")}
            rows={3}
            placeholder="https://example.com/our-soil-test"
            spellCheck={false}
            {...register("sourceUrls")}
            aria-invalid={errorOf("sourceUrls") ? true : undefined}
            aria-describedby={describedBy("sourceUrls", true)}
          />
          {hint("sourceUrls", `One address a line, up to ${researchLimits.ownerUrls}.`)}
          {fieldError("sourceUrls")}
        </div>
        <div className="space-y-3">
          <p className="text-sm font-medium">Notes</p>
          {notes.fields.length === 0 && (
            <p className="text-sm text-muted-foreground">No notes yet.</p>
          )}
          {notes.fields.map((note, index) => (
            <div key={note.id} className="grid gap-2">
              <Label htmlFor={fieldId(`note-${index}`)}>Note {index + 1}</Label>
              <div className="flex items-start gap-2">
                <Textarea
                  id={fieldId(`note-${index}`)}
                  rows={3}
                  placeholder="e.g. We tested our soil in May 2025: pH 7.8, heavy clay."
                  {...register(`sourceNotes.${index}.text`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove note ${index + 1}`}
                  onClick={() => notes.remove(index)}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </div>
            </div>
          ))}
          {fieldError("sourceNotes")}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={notes.fields.length >= researchLimits.ownerNotes}
            onClick={() => notes.append({ text: "" })}
          >
            <PlusIcon aria-hidden="true" />
            Add note
          </Button>
        </div>
      </fieldset>

      <Button type="submit" disabled={isPending || !isDirty} aria-busy={isPending || undefined}>
        {isPending ? "Saving..." : "Save Voice"}
      </Button>
    </form>
  );
}

/** Up to three published posts whose style the writer follows, found by a search. */
function ExamplePosts({
  blog,
  ids,
  titles,
  onChoose,
  onRemove,
  error,
}: {
  blog: Blog;
  ids: string[];
  titles: Map<string, string>;
  onChoose: (post: { id: string; title: string }) => void;
  onRemove: (postId: string) => void;
  error: ReactNode;
}) {
  const searchId = useId();
  const [q, setQ] = useState("");
  const search = useDebouncedValue(q, 250);
  const full = ids.length >= voiceLimits.examples;
  const { data, isLoading } = useSWR(
    full ? null : postPageKey(blog.id, { q: search, status: "published", limit: 8 }),
    getPostPage,
    { keepPreviousData: true },
  );
  const found = (data?.posts ?? []).filter((post) => !ids.includes(post.id));

  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="text-base font-medium">Example Posts</legend>
      <p className="text-sm text-muted-foreground">
        Up to {voiceLimits.examples} published posts whose style the AI writer follows (not their
        topics).
      </p>
      {ids.length > 0 ? (
        <ol aria-label="Example posts" className="space-y-2">
          {ids.map((postId) => {
            const title = titles.get(postId) ?? "Untitled post";
            return (
              <li
                key={postId}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
              >
                <span className="truncate text-sm">{title}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove “${title}” from the examples`}
                  onClick={() => onRemove(postId)}
                >
                  <XIcon aria-hidden="true" />
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No example posts chosen.</p>
      )}
      {error}
      {full ? (
        <p className="text-sm text-muted-foreground">
          {voiceLimits.examples} examples chosen: remove one to choose another.
        </p>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={searchId}>Find a published post</Label>
          <Input
            id={searchId}
            type="search"
            value={q}
            placeholder="Title or words from the post"
            onChange={(event) => setQ(event.target.value)}
          />
          {isLoading && !data ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading posts...
            </p>
          ) : found.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {(data?.posts.length ?? 0) > 0
                ? "The posts found are examples already."
                : search.trim()
                  ? "No published post matches your search."
                  : "No published posts yet."}
            </p>
          ) : (
            <ul aria-label="Published posts" className="space-y-2">
              {found.map((post) => (
                <li
                  key={post.id}
                  className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
                >
                  <span className="truncate text-sm">{post.title}</span>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Use “${post.title}” as an example`}
                    onClick={() => onChoose(post)}
                  >
                    <PlusIcon aria-hidden="true" />
                    Use as example
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
