import { textBlocks } from "@contracts/content-text.ts";
import type { PendingFields } from "@contracts/posts.ts";
import { format } from "date-fns";
import { diffWords } from "diff";
import { HistoryIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { TitledDialog } from "../../../components/titled-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useRevision } from "../api/get-revision.ts";
import { useRevisions } from "../api/get-revisions.ts";

/** A post's text as readers read it: one block per line, markup left out. */
export const readableText = (html: string) =>
  textBlocks(html)
    .map((block) => block.text)
    .filter((text) => text.trim() !== "")
    .join("\n");

/** Word by word, what restoring would change: text that goes struck through, text that comes back marked. */
export function TextDiff({ from, to }: { from: string; to: string }) {
  const parts = useMemo(() => diffWords(from, to), [from, to]);
  if (from === to) return <p className="text-sm text-muted-foreground">No differences.</p>;
  return (
    <p className="whitespace-pre-wrap text-sm leading-relaxed">
      {parts.map((part, index) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <ins key={index} className="bg-success/20 no-underline">
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <del key={index} className="bg-error/15 text-error line-through">
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

/**
 * The post's revisions (decision 096): each with time and author; one chosen is compared with
 * the editor's text and can be restored into the editor, where it is saved like any change.
 */
export function RevisionsDialog({
  postId,
  open,
  onOpenChange,
  current,
  onRestore,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: { title: string; content: string };
  onRestore: (fields: PendingFields) => void;
}) {
  const list = useRevisions(open ? postId : null);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectedId = chosen ?? list.data?.[0]?.id ?? null;
  const revision = useRevision(postId, open ? selectedId : null);
  const currentText = useMemo(() => readableText(current.content), [current.content]);
  const revisionText = useMemo(
    () => (revision.data ? readableText(revision.data.fields.content) : ""),
    [revision.data],
  );

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Revisions"
      description="The last saves of this post. Choose one to compare it with the editor: struck-through text would go, marked text would come back."
      className="max-h-[90vh] overflow-y-auto sm:max-w-4xl"
    >
      {list.error ? (
        <p role="alert" className="text-sm text-error">
          {errorMessage(list.error, "Failed to load the revisions.")}
        </p>
      ) : !list.data ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading revisions...
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <ul aria-label="Revisions" className="max-h-[60vh] space-y-1 overflow-y-auto">
            {list.data.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-current={item.id === selectedId ? "true" : undefined}
                  onClick={() => setChosen(item.id)}
                  className={cn(
                    "w-full rounded-md px-3 py-2 text-left text-sm hover:bg-muted",
                    item.id === selectedId && "bg-muted font-medium",
                  )}
                >
                  <span className="block">
                    {format(new Date(item.createdAt), "MMM d, h:mm:ss a")}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {item.author?.name ?? "Unknown author"} · version {item.postVersion}
                    {item.autosave ? " · autosave" : ""} · {item.characters.toLocaleString("en-US")}{" "}
                    characters
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <section aria-label="Comparison" className="space-y-3">
            {revision.data ? (
              <>
                {current.title !== revision.data.fields.title && (
                  <div className="font-semibold">
                    <TextDiff from={current.title} to={revision.data.fields.title} />
                  </div>
                )}
                <TextDiff from={currentText} to={revisionText} />
                <Button
                  onClick={() => {
                    if (revision.data) onRestore(revision.data.fields);
                  }}
                >
                  <HistoryIcon aria-hidden="true" />
                  Restore this revision
                </Button>
              </>
            ) : (
              <p role="status" className="text-sm text-muted-foreground">
                Loading revision...
              </p>
            )}
          </section>
        </div>
      )}
    </TitledDialog>
  );
}
