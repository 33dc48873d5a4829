import type { Blog } from "@contracts/blogs.ts";
import type { Generation, GenerationResult } from "@contracts/generation.ts";
import { type PostStatus, postStatusLabels } from "@contracts/limits.ts";
import { type Post, untitledDraftTitle } from "@contracts/posts.ts";
import { format } from "date-fns";
import {
  CalendarClockIcon,
  ChevronDownIcon,
  CircleAlertIcon,
  EyeIcon,
  HistoryIcon,
  LoaderCircleIcon,
  PencilIcon,
  SaveIcon,
  SendIcon,
  SparklesIcon,
  Undo2Icon,
  UploadIcon,
} from "lucide-react";
import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { MediaPickerDialog } from "../../../components/media-picker-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PostStatusBadge } from "../../../components/post-status-badge.tsx";
import { ReviewReasons } from "../../../components/review-reasons.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { UnpublishPostDialog } from "../../../components/unpublish-post-dialog.tsx";
import { useImageDrop } from "../../../components/use-image-drop.ts";
import { useAffiliateLinks } from "../../../lib/api/get-affiliate-links.ts";
import { useAuthUser } from "../../../lib/api/get-auth-user.ts";
import { categoriesKey, useCategories } from "../../../lib/api/get-categories.ts";
import { revalidatePostLists } from "../../../lib/api/get-posts.ts";
import { unpublishPost } from "../../../lib/api/unpublish-post.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { createPost } from "../api/create-post.ts";
import { postKey } from "../api/get-post.ts";
import { postResearchKey } from "../api/get-post-research.ts";
import { optimizeMeta } from "../api/optimize-meta.ts";
import { schedulePost } from "../api/schedule-post.ts";
import { updatePostStatus } from "../api/update-post-status.ts";
import { RecoveryBanner } from "../autosave/recovery-banner.tsx";
import { SaveStateLine } from "../autosave/save-state-line.tsx";
import { draftBodyOf, editorFieldsOf, useAutosave } from "../autosave/use-autosave.ts";
import { useLeaveGuard } from "../autosave/use-leave-guard.tsx";
import { ConflictDialog } from "../conflict-dialog.tsx";
import { ContentLimitMeter } from "../content-limit-meter.tsx";
import { RevisionsDialog } from "../revisions/revisions-dialog.tsx";
import type { RichTextHandle } from "../rich-text/rich-text-editor.tsx";
import type { PickedImage } from "../rich-text/url-dialogs.tsx";
import { AiGenerateDialog } from "./ai-generate-dialog.tsx";
import { ContentChecksPanel } from "./content-checks-panel.tsx";
import { contentImageHtml } from "./content-image-html.ts";
import type { EditorLocationState } from "./editor-page.tsx";
import { FeatureImageField } from "./feature-image-field.tsx";
import { InternalLinksPanel } from "./internal-links-panel.tsx";
import { KeywordsInput } from "./keywords-input.tsx";
import { NewCategoryDialog } from "./new-category-dialog.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { SourcesPanel } from "./sources-panel.tsx";
import { TagsInput } from "./tags-input.tsx";

/** TipTap loads with the editor screen only, not in the dashboard's first-load chunk. */
const RichTextEditor = lazy(() => import("../rich-text/rich-text-editor.tsx"));

export type EditorFields = {
  title: string;
  content: string;
  excerpt: string;
  categoryId: string | null;
  featureImageId: string | null;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  tags: string[];
  slug: string;
};

export function fieldsOf(post: Post | null): EditorFields {
  // A draft kept before it had a title shows as untitled, its slug still to follow the title.
  const untitled = post?.title === untitledDraftTitle;
  return {
    title: untitled ? "" : (post?.title ?? ""),
    content: post?.content ?? "",
    excerpt: post?.excerpt ?? "",
    categoryId: post?.categoryId ?? null,
    featureImageId: post?.featureImageId ?? null,
    metaTitle: post?.metaTitle ?? "",
    metaDescription: post?.metaDescription ?? "",
    keywords: post?.keywords ?? [],
    tags: post?.tags ?? [],
    slug: untitled ? "" : (post?.slug ?? ""),
  };
}

/** Where Preview opens: the live page of a published post, else the owner's preview. */
export function previewUrl(blogSlug: string, post: Pick<Post, "id" | "slug" | "status">): string {
  return post.status === "published"
    ? `/blog/${blogSlug}/post/${post.slug}`
    : `/blog/${blogSlug}/preview/${post.id}`;
}

const noCategory = "none";
/** The selector's last choice opens 'New Category' instead of choosing. */
const newCategory = "new-category";
type Busy = null | "save" | "status" | "schedule" | "unpublish";
/** Who last filled the meta fields through 'AI Optimize' (until the owner edits them). */
type MetaSuggestion = null | "ai" | "offline";

export function PostEditor({
  blog,
  post,
  viewMode,
  openAi,
  generatedOffline = false,
  editorKey,
}: {
  blog: Blog;
  post: Post | null;
  /** Which visit of the editor this is (keys a new post's local copy). */
  editorKey: string;
  viewMode: boolean;
  openAi: boolean;
  /** The post was just written by the offline writer (the AI dialog's new draft): say so. */
  generatedOffline?: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { user } = useAuthUser();
  const { data: categories = [] } = useCategories(blog.id);
  const { data: affiliateLinks } = useAffiliateLinks(blog.id);
  const { register, control, getValues, setValue, reset } = useForm<EditorFields>({
    defaultValues: fieldsOf(post),
  });
  // Every field has a default, so the watched values are whole; the content checks follow them.
  const fields = useWatch({ control }) as EditorFields;
  const [seoOpen, setSeoOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(openAi && !viewMode);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [optimizing, setOptimizing] = useState(false);
  const [metaSuggestion, setMetaSuggestion] = useState<MetaSuggestion>(null);
  /** The content on screen came from the built-in offline writer (no model): say so. */
  const [offlineDraft, setOfflineDraft] = useState(generatedOffline);
  /**
   * 'Generate with AI' filled the editor since the last save: the next save says so, and the
   * server keeps that text to tell later edits from it (decision 057).
   */
  const [filledByAi, setFilledByAi] = useState(false);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [unpublishOpen, setUnpublishOpen] = useState(false);
  const [newCategoryOpen, setNewCategoryOpen] = useState(false);
  const status: PostStatus = post?.status ?? "draft";
  const readOnly = viewMode;
  /** The content field's commands (internal links go in through them, so Undo works). */
  const richText = useRef<RichTextHandle>(null);
  // Images dropped or pasted into the text are uploaded into the library and added to it.
  // The toolbar's image button picks from (or uploads into) the blog's media library.
  const [pickingImage, setPickingImage] = useState<
    ((image: PickedImage | null | "address") => void) | null
  >(null);
  const imageDrop = useImageDrop(blog.id, (item) =>
    setValue("content", `${getValues().content}\n${contentImageHtml(item)}`, { shouldDirty: true }),
  );

  // Never lose work (issue 16): autosave, local copy, conflicts, asking before leaving.
  const fill = useCallback((next: EditorFields) => reset(next), [reset]);
  /** This visit began on a new post: its first 'Save Draft' says 'Post created'. */
  const startedNew = useRef(post === null);
  const autosave = useAutosave({
    blogId: blog.id,
    post,
    newPostKey: editorKey,
    enabled: !viewMode,
    fields,
    getFields: getValues,
    fill,
    filledByAi,
    // `authorId` is the signed-in owner, as spec section 7 lists it.
    create: (next) =>
      createPost({
        ...draftBodyOf(next, true),
        ...(filledByAi ? { generatedByAi: true } : {}),
        blogId: blog.id,
        ...(user?.id ? { authorId: user.id } : {}),
      }),
    // The address names the new post; the same editor stays, with what was typed meanwhile.
    onCreated: (created) => {
      const state: EditorLocationState = { editorKey };
      navigate(`/editor?id=${encodeURIComponent(created.id)}`, { replace: true, state });
    },
    onSaved: (next) => {
      setFilledByAi(false);
      return saved(next);
    },
  });
  const leaveDialog = useLeaveGuard(autosave.isDirty);

  /** A saved post changed: cache the answer, refresh the lists and category counts. */
  async function saved(next: Post) {
    // Every answer carries the version the next save starts from (schedule, status…).
    autosave.accept(next);
    await mutate(postKey(next.id), next, { revalidate: false });
    void revalidatePostLists(mutate, blog.id);
    void mutate(categoriesKey(blog.id));
  }

  /** Saving and 'AI Optimize' both need a title: without one, says so and answers false. */
  function hasTitle() {
    if (getValues().title.trim()) return true;
    toast({
      title: "Title required",
      description: "Please enter a title for your post.",
      variant: "destructive",
    });
    return false;
  }

  async function save() {
    if (busy) return;
    if (!hasTitle()) return;
    if (autosave.isNew && !user?.id) {
      toast({
        title: "Authentication required",
        description: "Please wait for authentication to complete.",
        variant: "destructive",
      });
      return;
    }
    // The first 'Save Draft' of a post begun on this screen says it was created, even when
    // autosave created the draft a moment before (decision 351).
    const creating = autosave.isNew || startedNew.current;
    setBusy("save");
    try {
      // 'Save Draft', or 'Update' on a live post: into the post itself, from its version.
      const updated = await autosave.saveNow();
      if (updated && creating) {
        startedNew.current = false;
        toast({ title: "Post created", description: "Your post has been saved as a draft." });
      } else if (updated) {
        toast({ title: "Post updated", description: "Your changes have been saved." });
      }
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(
          err,
          creating ? "Failed to create post" : "Failed to update post",
        ),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  async function changeStatus(next: PostStatus) {
    if (busy) return;
    if (!post) {
      toast({
        title: "Save first",
        description: "Please save your post before changing its status.",
        variant: "destructive",
      });
      return;
    }
    // A draft kept without a title (decision 351) gets one before it moves on.
    if (next !== "draft" && !hasTitle()) return;
    setBusy("status");
    try {
      // What is typed goes with the draft before it moves on.
      if (status !== "published") await autosave.flush();
      const updated = await updatePostStatus(post.id, next, autosave.version() ?? undefined);
      await saved(updated);
      toast({
        title: "Status updated",
        description: `Post is now ${postStatusLabels[updated.status]}`,
      });
    } catch (err) {
      if (autosave.conflictFrom(err)) return;
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to update status"),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  /** Back to draft: the page leaves the blog (decision 097). */
  async function unpublish() {
    if (!post) return;
    setBusy("unpublish");
    try {
      const updated = await unpublishPost(post.id, autosave.version() ?? undefined);
      autosave.unpublished(updated);
      await saved(updated);
      setUnpublishOpen(false);
      toast({ title: "Post unpublished", description: `"${updated.title}" is a draft again.` });
    } catch (err) {
      setUnpublishOpen(false);
      if (autosave.conflictFrom(err)) return;
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to unpublish post"),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  function openSchedule() {
    if (!post) {
      toast({
        title: "Save first",
        description: "Please save your post before scheduling.",
        variant: "destructive",
      });
      return;
    }
    setScheduleOpen(true);
  }

  async function setSchedule(when: Date | null): Promise<boolean> {
    if (!post || busy) return false;
    setBusy("schedule");
    try {
      const updated = await schedulePost(post.id, when ? when.toISOString() : null);
      await saved(updated);
      toast(
        when
          ? {
              title: "Post scheduled",
              description: `Post will be published on ${format(when, "PPP 'at' p")}`,
            }
          : {
              title: "Schedule cleared",
              description: "The post will not be published automatically.",
            },
      );
      return true;
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to schedule post"),
        variant: "destructive",
      });
      return false;
    } finally {
      setBusy(null);
    }
  }

  function preview() {
    if (!post) return;
    window.open(previewUrl(blog.slug, post), "_blank", "noopener,noreferrer");
  }

  /** 'AI Optimize': meta title and description from the model, or the offline optimizer. */
  async function optimize() {
    if (optimizing) return;
    if (!hasTitle()) return;
    const fields = getValues();
    setOptimizing(true);
    try {
      const meta = await optimizeMeta({
        title: fields.title,
        content: fields.content,
        keywords: fields.keywords,
        blogId: blog.id,
        postId: post?.id,
      });
      setValue("metaTitle", meta.metaTitle, { shouldDirty: true });
      setValue("metaDescription", meta.metaDescription, { shouldDirty: true });
      setMetaSuggestion(meta.offline ? "offline" : "ai");
      toast(
        meta.offline
          ? {
              title: "Meta fields filled",
              description:
                "Offline suggestion from your title, first paragraph and focus keyword (no AI provider is configured).",
            }
          : {
              title: "Meta fields optimized",
              description: "AI rewrote the meta title and description. Review them before saving.",
            },
      );
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to optimize the meta fields"),
        variant: "destructive",
      });
    } finally {
      setOptimizing(false);
    }
  }

  /**
   * The AI writer finished. A new post is a saved draft by then: the editor opens it. The post
   * being edited is filled (not saved), its feature image set, and its sources read again.
   */
  function fromAi(generated: GenerationResult, generation: Generation) {
    if (!post && generation.postId) {
      void revalidatePostLists(mutate, blog.id);
      navigate(`/editor?id=${encodeURIComponent(generation.postId)}`, {
        state: { generatedOffline: generated.source === "offline" },
      });
      return;
    }
    const filled = { shouldDirty: true };
    setValue("title", generated.title, filled);
    setValue("content", generated.content, filled);
    setValue("metaTitle", generated.metaTitle, filled);
    setValue("metaDescription", generated.metaDescription, filled);
    setValue("keywords", generated.suggestedKeywords, filled);
    setValue("slug", generated.slug, filled);
    if (generated.categoryId !== null) setValue("categoryId", generated.categoryId, filled);
    if (generated.featureImage) setValue("featureImageId", generated.featureImage.mediaId, filled);
    setOfflineDraft(generated.source === "offline");
    setFilledByAi(true);
    if (post) void mutate(postResearchKey(post.id));
  }

  const heading = !post ? "New Post" : viewMode ? "View Post" : "Edit Post";
  const scheduled = post?.scheduledPublishAt ?? null;

  /** Meta title or description with its length read out; typing drops the optimizer's suggestion. */
  const metaField = (
    field: "metaTitle" | "metaDescription",
    name: string,
    label: string,
    placeholder: string,
    Control: typeof Input | typeof Textarea,
  ) => (
    <div className="space-y-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Control
        id={`${id}-${name}`}
        {...register(field, { onChange: () => setMetaSuggestion(null) })}
        readOnly={readOnly}
        placeholder={placeholder}
        aria-describedby={`${id}-${name}-count`}
      />
      <p id={`${id}-${name}-count`} className="text-xs text-muted-foreground">
        {fields[field].length} characters
      </p>
    </div>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={heading}
        description={`Write, schedule and publish posts for ${blog.name}.`}
        actions={
          <>
            {/* Preview and Revisions are icons (named for screen readers and on hover), so the
                header keeps one row at 1280 px (decision 351). */}
            <Button
              variant="outline"
              size="icon"
              onClick={preview}
              disabled={!post}
              aria-label="Preview"
              title={post ? "Preview" : "Save the post to preview it"}
            >
              <EyeIcon aria-hidden="true" />
            </Button>
            {viewMode ? (
              <Button onClick={() => post && navigate(`/editor?id=${encodeURIComponent(post.id)}`)}>
                <PencilIcon aria-hidden="true" />
                Edit Post
              </Button>
            ) : (
              <>
                {post && (
                  <Button
                    variant="outline"
                    size="icon"
                    onClick={() => setRevisionsOpen(true)}
                    aria-label="Revisions"
                    title="Revisions"
                  >
                    <HistoryIcon aria-hidden="true" />
                  </Button>
                )}
                <Button variant="outline" onClick={() => setAiOpen(true)}>
                  <SparklesIcon aria-hidden="true" />
                  Generate with AI
                </Button>
                {status !== "published" && (
                  <Button variant="outline" onClick={openSchedule} disabled={busy !== null}>
                    <CalendarClockIcon aria-hidden="true" />
                    {scheduled ? "Reschedule" : "Schedule"}
                  </Button>
                )}
                {status === "published" && (
                  <Button
                    variant="outline"
                    onClick={() => setUnpublishOpen(true)}
                    disabled={busy !== null}
                  >
                    <Undo2Icon aria-hidden="true" />
                    Unpublish
                  </Button>
                )}
                {status !== "published" && (
                  <Button variant="outline" onClick={() => void save()} disabled={busy !== null}>
                    <SaveIcon aria-hidden="true" />
                    {busy === "save" ? "Saving..." : "Save Draft"}
                  </Button>
                )}
                {/* The one filled button is the post's next step. */}
                {status === "draft" && blog.reviewBeforePublishing && (
                  <Button
                    onClick={() => void changeStatus("under_review")}
                    disabled={busy !== null}
                  >
                    <SendIcon aria-hidden="true" />
                    Submit for Review
                  </Button>
                )}
                {(status === "under_review" ||
                  (status === "draft" && !blog.reviewBeforePublishing)) && (
                  <Button onClick={() => void changeStatus("published")} disabled={busy !== null}>
                    <UploadIcon aria-hidden="true" />
                    Publish
                  </Button>
                )}
                {status === "published" && (
                  <Button
                    onClick={() => void save()}
                    disabled={busy !== null || !autosave.canUpdate}
                    title={autosave.canUpdate ? undefined : "No changes to publish"}
                  >
                    <UploadIcon aria-hidden="true" />
                    {busy === "save" ? "Updating..." : "Update"}
                  </Button>
                )}
              </>
            )}
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card className="space-y-4 p-6">
          <div className="flex flex-wrap items-center gap-3">
            <Label htmlFor={`${id}-title`} className="sr-only">
              Title
            </Label>
            <Input
              id={`${id}-title`}
              {...register("title")}
              readOnly={readOnly}
              placeholder="Post title"
              className="h-11 flex-1 text-lg font-semibold"
            />
            <span className="flex items-center gap-2 text-sm">
              <span className="sr-only">Status:</span>
              <PostStatusBadge status={status} />
            </span>
          </div>
          {!viewMode && (
            <SaveStateLine
              state={autosave.state}
              error={autosave.error}
              pendingLive={autosave.hasPending}
              needsTitle={autosave.untitled && fields.title.trim() === ""}
              onDiscardPending={() =>
                void autosave.discardPending().then(
                  () =>
                    toast({
                      title: "Changes discarded",
                      description: "The editor shows the live post again.",
                    }),
                  (err: unknown) =>
                    toast({
                      title: "Error",
                      description: errorMessage(err, "Failed to discard the changes"),
                      variant: "destructive",
                    }),
                )
              }
            />
          )}
          {autosave.recovery && (
            <RecoveryBanner
              draft={autosave.recovery}
              currentVersion={post?.version ?? null}
              onRestore={autosave.restoreRecovery}
              onDiscard={autosave.dismissRecovery}
            />
          )}
          {scheduled && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarClockIcon aria-hidden="true" className="size-4" />
              Scheduled for {format(new Date(scheduled), "MMM d, h:mm a")}
            </p>
          )}
          {post && status === "under_review" && (
            <ReviewReasons reasons={post.reviewReasons ?? []} />
          )}
          {offlineDraft && (
            <p
              role="status"
              className="flex items-start gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground"
            >
              <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong className="font-medium text-foreground">Offline draft.</strong> No AI
                provider is configured, so this is an outline written without a model: fill in each
                section before you publish it.
              </span>
            </p>
          )}
          {/* Images dropped or pasted onto the text go into the media library first. */}
          <div {...(readOnly ? {} : imageDrop.handlers)}>
            <Suspense
              fallback={
                <p role="status" className="min-h-96 rounded-md border p-4 text-muted-foreground">
                  Loading the editor…
                </p>
              }
            >
              <RichTextEditor
                id={`${id}-content`}
                label="Content"
                value={fields.content}
                onChange={(html) => setValue("content", html, { shouldDirty: true })}
                readOnly={readOnly}
                placeholder="Start writing your post..."
                affiliateLinks={affiliateLinks}
                describedBy={`${id}-content-limit`}
                handleRef={richText}
                onPickImage={() =>
                  new Promise<PickedImage | null | "address">((resolve) =>
                    setPickingImage(() => resolve),
                  )
                }
              />
            </Suspense>
          </div>
          {imageDrop.uploading && (
            <p role="status" className="mt-1 text-xs text-muted-foreground">
              Uploading image...
            </p>
          )}
          <ContentLimitMeter id={`${id}-content-limit`} content={fields.content} />
          <MediaPickerDialog
            open={pickingImage !== null}
            onOpenChange={(open) => {
              if (open) return;
              pickingImage?.(null);
              setPickingImage(null);
            }}
            blogId={blog.id}
            title="Insert image"
            onUseAddress={() => {
              pickingImage?.("address");
              setPickingImage(null);
            }}
            onPick={(item) => {
              pickingImage?.({
                src: item.src,
                alt: item.alt,
                width: item.width,
                height: item.height,
              });
              setPickingImage(null);
            }}
          />
        </Card>

        <div className="space-y-4">
          <Card className="space-y-2 p-5">
            <Label id={`${id}-category`}>Category</Label>
            <ChoiceSelect
              labelledBy={`${id}-category`}
              value={fields.categoryId ?? noCategory}
              onValueChange={(value) =>
                value === newCategory
                  ? setNewCategoryOpen(true)
                  : setValue("categoryId", value === noCategory ? null : value, {
                      shouldDirty: true,
                    })
              }
              choices={[
                { value: noCategory, label: "None" },
                ...categories.map((c) => ({ value: c.id, label: c.name })),
                { value: newCategory, label: "New category…" },
              ]}
              disabled={readOnly}
            />
          </Card>

          <Card className="p-5">
            <TagsInput
              blogId={blog.id}
              tags={fields.tags}
              onChange={(tags) => setValue("tags", tags, { shouldDirty: true })}
              readOnly={readOnly}
            />
          </Card>

          <FeatureImageField
            blogId={blog.id}
            value={fields.featureImageId}
            onChange={(value) => setValue("featureImageId", value, { shouldDirty: true })}
            readOnly={readOnly}
            context={`${fields.title}. ${fields.content.slice(0, 1000)}`}
          />

          {post && <SourcesPanel postId={post.id} />}

          {!readOnly && (
            <InternalLinksPanel
              blogId={blog.id}
              postId={post?.id ?? null}
              content={fields.content}
              editor={richText}
            />
          )}

          <Card className="p-5">
            <Button
              variant="ghost"
              className="w-full justify-between px-2"
              aria-expanded={seoOpen}
              aria-controls={`${id}-seo`}
              onClick={() => setSeoOpen(!seoOpen)}
            >
              SEO Settings
              <ChevronDownIcon
                aria-hidden="true"
                className={cn("transition-transform", seoOpen && "rotate-180")}
              />
            </Button>
            <div id={`${id}-seo`} hidden={!seoOpen} className="mt-4 space-y-4">
              {metaField(
                "metaTitle",
                "meta-title",
                "Meta Title",
                "SEO title (50-60 characters recommended)",
                Input,
              )}
              {metaField(
                "metaDescription",
                "meta-description",
                "Meta Description",
                "SEO description (150-160 characters recommended)",
                Textarea,
              )}
              <KeywordsInput
                keywords={fields.keywords}
                onChange={(keywords) => setValue("keywords", keywords, { shouldDirty: true })}
                readOnly={readOnly}
              />
              <div className="space-y-2">
                <Label htmlFor={`${id}-slug`}>URL Slug</Label>
                <Input
                  id={`${id}-slug`}
                  {...register("slug")}
                  readOnly={readOnly}
                  placeholder="post-url-slug"
                />
              </div>
              {!readOnly && (
                <div className="space-y-2">
                  <Button
                    variant="outline"
                    className="w-full"
                    onClick={() => void optimize()}
                    disabled={optimizing}
                  >
                    {optimizing ? (
                      <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                    ) : (
                      <SparklesIcon aria-hidden="true" />
                    )}
                    {optimizing ? "Optimizing..." : "AI Optimize"}
                  </Button>
                  {metaSuggestion && (
                    <p data-slot="meta-suggestion" className="text-xs text-muted-foreground">
                      {metaSuggestion === "offline"
                        ? "Offline suggestion: made without an AI model from your title, first paragraph and focus keyword. Review it before saving."
                        : "Written by AI: review the meta title and description before saving."}
                    </p>
                  )}
                </div>
              )}
              {seoOpen && <ContentChecksPanel fields={fields} postId={post?.id ?? null} />}
            </div>
          </Card>
        </div>
      </div>

      <NewCategoryDialog
        blogId={blog.id}
        categories={categories}
        open={newCategoryOpen}
        onOpenChange={setNewCategoryOpen}
        onCreated={(category) => setValue("categoryId", category.id, { shouldDirty: true })}
      />
      <AiGenerateDialog
        open={aiOpen}
        onOpenChange={setAiOpen}
        blogId={blog.id}
        postId={post?.id}
        categories={categories}
        onGenerated={fromAi}
      />
      <ConflictDialog
        current={autosave.conflict}
        onReload={autosave.reloadTheirs}
        onOverwrite={autosave.overwrite}
      />
      {leaveDialog}
      {post && (
        <RevisionsDialog
          postId={post.id}
          open={revisionsOpen}
          onOpenChange={setRevisionsOpen}
          current={{ title: fields.title, content: fields.content }}
          onRestore={(revision) => {
            fill(editorFieldsOf(revision));
            setRevisionsOpen(false);
            toast({
              title: "Revision restored",
              description:
                status === "published"
                  ? "The revision is in the editor. Press Update to make it live."
                  : "The revision is in the editor and will be saved in a moment.",
            });
          }}
        />
      )}
      {post && (
        <UnpublishPostDialog
          open={unpublishOpen}
          onOpenChange={setUnpublishOpen}
          title={post.title}
          onConfirm={unpublish}
        />
      )}
      {post && (
        <ScheduleDialog
          key={`${post.id}-${scheduled ?? "none"}-${scheduleOpen}`}
          open={scheduleOpen}
          onOpenChange={setScheduleOpen}
          current={scheduled}
          isPending={busy === "schedule"}
          onSchedule={(when) => setSchedule(when)}
          onClear={() => setSchedule(null)}
        />
      )}
    </div>
  );
}
