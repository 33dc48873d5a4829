import type { Blog } from "@contracts/blogs.ts";
import type { Generation, GenerationResult } from "@contracts/generation.ts";
import { type PostStatus, postStatusLabels } from "@contracts/limits.ts";
import type { Post } from "@contracts/posts.ts";
import { can } from "@contracts/roles.ts";
import { format } from "date-fns";
import { CalendarClockIcon, CircleAlertIcon } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PostStatusBadge } from "../../../components/post-status-badge.tsx";
import { ReviewReasons } from "../../../components/review-reasons.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { UnpublishPostDialog } from "../../../components/unpublish-post-dialog.tsx";
import { useAuthUser } from "../../../lib/api/get-auth-user.ts";
import { categoriesKey, useCategories } from "../../../lib/api/get-categories.ts";
import { revalidatePostLists } from "../../../lib/api/get-posts.ts";
import { unpublishPost } from "../../../lib/api/unpublish-post.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { createPost } from "../api/create-post.ts";
import { postKey } from "../api/get-post.ts";
import { postResearchKey } from "../api/get-post-research.ts";
import { schedulePost } from "../api/schedule-post.ts";
import { updatePostStatus } from "../api/update-post-status.ts";
import { RecoveryBanner } from "../autosave/recovery-banner.tsx";
import { SaveStateLine } from "../autosave/save-state-line.tsx";
import { draftBodyOf, editorFieldsOf, useAutosave } from "../autosave/use-autosave.ts";
import { useLeaveGuard } from "../autosave/use-leave-guard.tsx";
import { ConflictDialog } from "../conflict-dialog.tsx";
import { type EditorFields, fieldsOf, previewUrl } from "../editor-fields.ts";
import type { EditorLocationState } from "../editor-location.ts";
import { RevisionsDialog } from "../revisions/revisions-dialog.tsx";
import type { RichTextHandle } from "../rich-text/rich-text-editor.tsx";
import { AiGenerateDialog } from "./ai-generate-dialog.tsx";
import { EditorActions, type EditorBusy } from "./editor-actions.tsx";
import { FeatureImageField } from "./feature-image-field.tsx";
import { InternalLinksPanel } from "./internal-links-panel.tsx";
import { NewCategoryDialog } from "./new-category-dialog.tsx";
import { NewsletterPanel } from "./newsletter-panel.tsx";
import { PostContentField } from "./post-content-field.tsx";
import { NotesPanel, ReviewDecision } from "./review-panel.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { SeoSettingsCard } from "./seo-settings-card.tsx";
import { SourcesPanel } from "./sources-panel.tsx";
import { TagsInput } from "./tags-input.tsx";

const noCategory = "none";
/** The selector's last choice opens 'New Category' instead of choosing. */
const newCategory = "new-category";

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
  const { register, control, getValues, setValue, reset } = useForm<EditorFields>({
    defaultValues: fieldsOf(post),
  });
  // Every field has a default, so the watched values are whole; the content checks follow them.
  const fields = useWatch({ control }) as EditorFields;
  const [aiOpen, setAiOpen] = useState(openAi && !viewMode);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [busy, setBusy] = useState<EditorBusy>(null);
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
  // What the person's role on the blog lets them do with this post (decision 367).
  const ownPost = !post || post.authorId === user?.id;
  const may = {
    publish: can(blog.role, "posts.publish", {
      writersCanPublish: blog.writersCanPublish,
      ownPost,
    }),
    review: can(blog.role, "posts.review"),
    ai: can(blog.role, "blog.manage"),
  };
  // A contributor edits their drafts only; once submitted, the post is the editor's.
  const readOnly =
    viewMode || (blog.role === "contributor" && post !== null && post.status !== "draft");
  /** The content field's commands (internal links go in through them, so Undo works). */
  const richText = useRef<RichTextHandle>(null);
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
    // `authorId` is the signed-in owner.
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

  return (
    <div className="space-y-6">
      <PageHeader
        title={heading}
        description={`Write, schedule and publish posts for ${blog.name}.`}
        actions={
          <EditorActions
            post={post}
            status={status}
            viewMode={viewMode}
            busy={busy}
            scheduled={scheduled !== null}
            reviewBeforePublishing={blog.reviewBeforePublishing}
            canUpdate={autosave.canUpdate}
            may={may}
            onPreview={preview}
            onRevisions={() => setRevisionsOpen(true)}
            onGenerate={() => setAiOpen(true)}
            onSchedule={openSchedule}
            onUnpublish={() => setUnpublishOpen(true)}
            onSave={() => void save()}
            onChangeStatus={(next) => void changeStatus(next)}
          />
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
          <PostContentField
            blogId={blog.id}
            value={fields.content}
            onChange={(html) => setValue("content", html, { shouldDirty: true })}
            append={(html) =>
              setValue("content", `${getValues().content}\n${html}`, { shouldDirty: true })
            }
            readOnly={readOnly}
            handleRef={richText}
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

          {/* Someone else's post waiting for a decision; one's own is published as before. */}
          {post &&
            may.review &&
            !ownPost &&
            post.status === "under_review" &&
            !post.scheduledPublishAt && <ReviewDecision post={post} onDecided={saved} />}
          {can(blog.role, "newsletter.send") && <NewsletterPanel post={post} />}
          {post && <NotesPanel postId={post.id} />}

          {post && <SourcesPanel postId={post.id} />}

          {!readOnly && (
            <InternalLinksPanel
              blogId={blog.id}
              postId={post?.id ?? null}
              content={fields.content}
              editor={richText}
            />
          )}

          <SeoSettingsCard
            form={{ register, getValues, setValue }}
            fields={fields}
            readOnly={readOnly}
            blogId={blog.id}
            postId={post?.id ?? null}
            hasTitle={hasTitle}
          />
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
