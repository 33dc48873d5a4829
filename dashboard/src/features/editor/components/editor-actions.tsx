import type { PostStatus } from "@contracts/limits.ts";
import type { Post } from "@contracts/posts.ts";
import {
  CalendarClockIcon,
  EyeIcon,
  HistoryIcon,
  PencilIcon,
  SaveIcon,
  SendIcon,
  SparklesIcon,
  Undo2Icon,
  UploadIcon,
} from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";

/** What the editor is busy with: its buttons wait while one request is under way. */
export type EditorBusy = null | "save" | "status" | "schedule" | "unpublish";

/** The editor's header buttons: Preview, Revisions, AI, Schedule, Save and the post's next step. */
export function EditorActions({
  post,
  status,
  viewMode,
  busy,
  scheduled,
  reviewBeforePublishing,
  canUpdate,
  may,
  onPreview,
  onRevisions,
  onGenerate,
  onSchedule,
  onUnpublish,
  onSave,
  onChangeStatus,
}: {
  post: Post | null;
  status: PostStatus;
  viewMode: boolean;
  busy: EditorBusy;
  /** The post has a publication time set (the button says 'Reschedule'). */
  scheduled: boolean;
  reviewBeforePublishing: boolean;
  /** A live post has changes that 'Update' would publish. */
  canUpdate: boolean;
  /** What the person's role lets them do with this post (decision 367). */
  may: { publish: boolean; ai: boolean };
  onPreview: () => void;
  onRevisions: () => void;
  onGenerate: () => void;
  onSchedule: () => void;
  onUnpublish: () => void;
  onSave: () => void;
  onChangeStatus: (next: PostStatus) => void;
}) {
  const navigate = useNavigate();
  return (
    <>
      {/* Preview and Revisions are icons (named for screen readers and on hover), so the
          header keeps one row at 1280 px (decision 351). */}
      <Button
        variant="outline"
        size="icon"
        onClick={onPreview}
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
              onClick={onRevisions}
              aria-label="Revisions"
              title="Revisions"
            >
              <HistoryIcon aria-hidden="true" />
            </Button>
          )}
          {may.ai && (
            <Button variant="outline" onClick={onGenerate}>
              <SparklesIcon aria-hidden="true" />
              Generate with AI
            </Button>
          )}
          {status !== "published" && may.publish && (
            <Button variant="outline" onClick={onSchedule} disabled={busy !== null}>
              <CalendarClockIcon aria-hidden="true" />
              {scheduled ? "Reschedule" : "Schedule"}
            </Button>
          )}
          {status === "published" && may.publish && (
            <Button variant="outline" onClick={onUnpublish} disabled={busy !== null}>
              <Undo2Icon aria-hidden="true" />
              Unpublish
            </Button>
          )}
          {status !== "published" && (
            <Button variant="outline" onClick={onSave} disabled={busy !== null}>
              <SaveIcon aria-hidden="true" />
              {busy === "save" ? "Saving..." : "Save Draft"}
            </Button>
          )}
          {/* The one filled button is the post's next step. */}
          {status === "draft" && (reviewBeforePublishing || !may.publish) && (
            <Button onClick={() => onChangeStatus("under_review")} disabled={busy !== null}>
              <SendIcon aria-hidden="true" />
              Submit for Review
            </Button>
          )}
          {may.publish &&
            (status === "under_review" || (status === "draft" && !reviewBeforePublishing)) && (
              <Button onClick={() => onChangeStatus("published")} disabled={busy !== null}>
                <UploadIcon aria-hidden="true" />
                Publish
              </Button>
            )}
          {status === "published" && may.publish && (
            <Button
              onClick={onSave}
              disabled={busy !== null || !canUpdate}
              title={canUpdate ? undefined : "No changes to publish"}
            >
              <UploadIcon aria-hidden="true" />
              {busy === "save" ? "Updating..." : "Update"}
            </Button>
          )}
        </>
      )}
    </>
  );
}
