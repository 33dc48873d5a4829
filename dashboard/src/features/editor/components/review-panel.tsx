import type { Post } from "@contracts/posts.ts";
import type { PostNote } from "@contracts/review.ts";
import { MessageSquareIcon } from "lucide-react";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import {
  approvePost,
  notesKey,
  requestChanges,
  usePostNotes,
  writeNote,
} from "../../../lib/api/review.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDayAndTime } from "../../../lib/format-date.ts";

/**
 * The reviewer's decision on a post under review (decision 371): "Request changes" with a note
 * (back to the writer as a draft), "Approve & publish", "Approve & schedule".
 */
export function ReviewDecision({
  post,
  onDecided,
}: {
  post: Post;
  onDecided: (post: Post) => Promise<void>;
}) {
  const ids = { note: useId(), when: useId() };
  const [note, setNote] = useState("");
  const [when, setWhen] = useState("");
  const [busy, setBusy] = useState<null | "changes" | "publish" | "schedule">(null);
  const { mutate } = useSWRConfig();

  async function decide(kind: "changes" | "publish" | "schedule") {
    setBusy(kind);
    try {
      const decided =
        kind === "changes"
          ? await requestChanges(post.id, note)
          : await approvePost(post.id, kind === "schedule" ? new Date(when) : undefined);
      await onDecided(decided);
      void mutate(notesKey(post.id));
      setNote("");
      toast({
        title:
          kind === "changes"
            ? "Changes requested"
            : kind === "publish"
              ? "Approved and published"
              : "Approved and scheduled",
        description:
          kind === "changes"
            ? `“${decided.title}” went back to its writer as a draft.`
            : `“${decided.title}” has your approval.`,
      });
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Review not saved",
        description: errorMessage(failure, "The decision could not be saved. Try again."),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Review</h2>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor={ids.note}>What should change</Label>
          <Textarea
            id={ids.note}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Add prices for each kettle, please."
          />
        </div>
        <Button
          variant="outline"
          className="w-full"
          disabled={busy !== null || note.trim() === ""}
          onClick={() => decide("changes")}
        >
          {busy === "changes" ? "Sending back..." : "Request changes"}
        </Button>
        <Button className="w-full" disabled={busy !== null} onClick={() => decide("publish")}>
          {busy === "publish" ? "Publishing..." : "Approve & publish"}
        </Button>
        <div className="space-y-1">
          <Label htmlFor={ids.when}>Publish at</Label>
          <Input
            id={ids.when}
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
          />
        </div>
        <Button
          variant="outline"
          className="w-full"
          disabled={busy !== null || when === ""}
          onClick={() => decide("schedule")}
        >
          {busy === "schedule" ? "Scheduling..." : "Approve & schedule"}
        </Button>
      </CardContent>
    </Card>
  );
}

/** A post's editorial notes, threaded one level, never shown to readers (decision 371). */
export function NotesPanel({ postId }: { postId: string }) {
  const { data: notes, mutate } = usePostNotes(postId);
  const [replyTo, setReplyTo] = useState<PostNote | null>(null);
  const [body, setBody] = useState("");
  const [isSending, setSending] = useState(false);
  const fieldId = useId();
  const threads = (notes ?? []).filter((note) => note.parentId === null);

  async function send() {
    setSending(true);
    try {
      await writeNote(postId, body, replyTo?.id);
      setBody("");
      setReplyTo(null);
      await mutate();
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Note not saved",
        description: errorMessage(failure, "The note could not be saved. Try again."),
      });
    } finally {
      setSending(false);
    }
  }

  const shown = (note: PostNote) => (
    <div className="space-y-1">
      <p className="text-xs text-muted-foreground">
        {note.author?.name ?? "Someone"} · {formatDayAndTime(new Date(note.createdAt))}
        {note.kind === "changes_requested" && " · asked for changes"}
        {note.kind === "approved" && " · approved"}
      </p>
      <p className="whitespace-pre-wrap text-sm">{note.body}</p>
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold">
          <MessageSquareIcon aria-hidden="true" className="size-4" />
          Notes
        </h2>
        <p className="text-sm text-muted-foreground">
          For the team only: readers never see them. Write @name to tell someone.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        {threads.length === 0 && <p className="text-sm text-muted-foreground">No notes yet.</p>}
        <ul aria-label="Notes" className="space-y-3">
          {threads.map((note) => (
            <li key={note.id} className="space-y-2 rounded-md border p-2">
              {shown(note)}
              <ul className="space-y-2 border-l pl-3">
                {(notes ?? [])
                  .filter((reply) => reply.parentId === note.id)
                  .map((reply) => (
                    <li key={reply.id}>{shown(reply)}</li>
                  ))}
              </ul>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Reply to ${note.author?.name ?? "the note"}`}
                onClick={() => setReplyTo(note)}
              >
                Reply
              </Button>
            </li>
          ))}
        </ul>
        <div className="space-y-1">
          <Label htmlFor={fieldId}>
            {replyTo ? `Your reply to ${replyTo.author?.name ?? "the note"}` : "New note"}
          </Label>
          <Textarea id={fieldId} value={body} onChange={(e) => setBody(e.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button size="sm" disabled={isSending || body.trim() === ""} onClick={send}>
            {isSending ? "Saving..." : replyTo ? "Reply" : "Add note"}
          </Button>
          {replyTo && (
            <Button size="sm" variant="ghost" onClick={() => setReplyTo(null)}>
              Cancel reply
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
