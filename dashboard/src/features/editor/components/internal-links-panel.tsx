import type { InternalLinkSuggestion, InternalLinkSuggestions } from "@contracts/internal-links.ts";
import { LinkIcon, LoaderCircleIcon } from "lucide-react";
import { type RefObject, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { suggestInternalLinks } from "../api/suggest-internal-links.ts";
import type { RichTextHandle } from "../rich-text/rich-text-editor.tsx";

const sectionName = (s: InternalLinkSuggestion) =>
  s.sectionHeading ? `Section “${s.sectionHeading}”` : "Introduction";

/** Why there is nothing to suggest, in the owner's words. */
function emptyMessage(answer: InternalLinkSuggestions): string {
  if (answer.existingLinks >= answer.maxLinks)
    return `This post already links to ${answer.existingLinks} of the blog's posts, as many as its length calls for (${answer.maxLinks}).`;
  return "No published post of this blog matches a section of this text yet.";
}

/**
 * 'Suggest internal links' (issue 31): links from the text being written to the blog's own
 * published posts, each on words already in one section. Insert links them through the
 * editor's commands, so Undo in the editor takes one back.
 */
export function InternalLinksPanel({
  blogId,
  postId,
  content,
  editor,
}: {
  blogId: string;
  postId: string | null;
  /** The text as it is in the editor now (the form's content). */
  content: string;
  editor: RefObject<RichTextHandle | null>;
}) {
  const id = useId();
  const [answer, setAnswer] = useState<InternalLinkSuggestions | null>(null);
  const [asking, setAsking] = useState(false);
  const [inserted, setInserted] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const askButton = useRef<HTMLButtonElement>(null);
  const insertButtons = useRef(new Map<number, HTMLButtonElement>());

  async function ask() {
    if (asking) return;
    setAsking(true);
    setAnnouncement("");
    try {
      const next = await suggestInternalLinks(blogId, {
        html: content,
        ...(postId ? { postId } : {}),
      });
      setAnswer(next);
      setInserted(new Set());
      setAnnouncement(
        next.suggestions.length === 0
          ? emptyMessage(next)
          : `${next.suggestions.length} internal link ${next.suggestions.length === 1 ? "suggestion" : "suggestions"}.`,
      );
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to suggest internal links"),
        variant: "destructive",
      });
    } finally {
      setAsking(false);
    }
  }

  function insert(index: number, suggestion: InternalLinkSuggestion) {
    const done = editor.current?.insertInternalLink({
      sectionIndex: suggestion.sectionIndex,
      anchorText: suggestion.anchorText,
      href: suggestion.target.href,
    });
    if (!done) {
      toast({
        title: "Text not found",
        description: `“${suggestion.anchorText}” is no longer in that section. Suggest internal links again.`,
        variant: "destructive",
      });
      return;
    }
    const next = new Set(inserted).add(index);
    setInserted(next);
    setAnnouncement(
      `Linked “${suggestion.anchorText}” to ${suggestion.target.title}. Undo in the editor takes it back.`,
    );
    // The pressed button goes away: focus moves to the next link to insert, or back to asking.
    const following = answer?.suggestions.findIndex((_, i) => i > index && !next.has(i)) ?? -1;
    const earlier = answer?.suggestions.findIndex((_, i) => !next.has(i)) ?? -1;
    const target = following >= 0 ? following : earlier;
    requestAnimationFrame(() =>
      (target >= 0 ? insertButtons.current.get(target) : askButton.current)?.focus(),
    );
  }

  return (
    <Card className="space-y-3 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-medium">
        Internal links
      </h2>
      <p className="text-xs text-muted-foreground">
        Links to this blog's published posts, on words already in your text.
      </p>
      <Button
        ref={askButton}
        type="button"
        variant="outline"
        className="w-full"
        onClick={() => void ask()}
        disabled={asking}
      >
        {asking ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <LinkIcon aria-hidden="true" />
        )}
        {asking ? "Suggesting..." : "Suggest internal links"}
      </Button>
      <p role="status" className="text-xs text-muted-foreground">
        {announcement}
      </p>
      {answer && answer.suggestions.length > 0 && (
        <ul aria-label="Internal link suggestions" className="space-y-3">
          {answer.suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.sectionIndex}-${suggestion.target.postId}`}
              className="space-y-1 rounded-md border p-3 text-sm"
            >
              <p className="font-medium">{suggestion.target.title}</p>
              <p className="text-xs text-muted-foreground">
                <span className="sr-only">Link text: </span>“{suggestion.anchorText}”
              </p>
              <p className="text-xs text-muted-foreground">{sectionName(suggestion)}</p>
              {inserted.has(index) ? (
                <p className="text-xs font-medium text-success">Inserted</p>
              ) : (
                <Button
                  ref={(button) => {
                    if (button) insertButtons.current.set(index, button);
                    else insertButtons.current.delete(index);
                  }}
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-label={`Insert link to “${suggestion.target.title}” on “${suggestion.anchorText}”`}
                  onClick={() => insert(index, suggestion)}
                >
                  Insert
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
