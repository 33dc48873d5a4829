import type { PostSource } from "@contracts/generation.ts";
import type { Citation } from "@contracts/research.ts";
import { ExternalLinkIcon } from "lucide-react";
import { useId } from "react";
import { Card } from "../../../components/ui/card.tsx";
import { usePostResearch } from "../api/get-post-research.ts";

/** Cited sources by the number readers see, then the ones the text does not cite. */
const byNumber = (a: PostSource, b: PostSource) =>
  (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) || a.n - b.n;

function SourceItem({ source, citations }: { source: PostSource; citations: Citation[] }) {
  const id = useId();
  const href = source.finalUrl ?? source.url;
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm">
      <p className="font-medium">
        {source.number !== null && <span>[{source.number}] </span>}
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="underline">
            {source.title || href}
          </a>
        ) : (
          <span>
            {source.title} <span className="text-xs text-muted-foreground">(your note)</span>
          </span>
        )}
      </p>
      {citations.length === 0 ? (
        <p className="text-xs text-muted-foreground">Not cited in the text.</p>
      ) : (
        <ul aria-label="Claims citing this source" className="space-y-2">
          {citations.map((citation, i) => (
            <li key={`${citation.sentence}|${citation.passage}`} className="space-y-1 text-xs">
              <p id={`${id}-claim-${i}`}>{citation.sentence}</p>
              {citation.checkUrl ? (
                <a
                  href={citation.checkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-describedby={`${id}-claim-${i}`}
                  className="inline-flex items-center gap-1 font-medium underline"
                >
                  Check
                  <ExternalLinkIcon aria-hidden="true" className="size-3" />
                </a>
              ) : (
                <p className="text-muted-foreground">
                  No sentence of the source matches this claim.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The sources the AI writer wrote the post from (issue 31): each with its number, a link to
 * it, and the claims citing it, each with a 'Check' link that opens the source at the sentence
 * that supports it. Nothing is shown for a post written without sources.
 */
export function SourcesPanel({ postId }: { postId: string }) {
  const id = useId();
  const { data } = usePostResearch(postId);
  const sources = (data?.sources ?? []).filter((s) => s.kind !== "owner-note" || s.number !== null);
  if (sources.length === 0) return null;
  return (
    <Card className="space-y-3 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-medium">
        Sources
      </h2>
      <p className="text-xs text-muted-foreground">
        What the AI wrote this post from. Check opens the source at the sentence behind a claim.
      </p>
      <ol aria-label="Sources of this post" className="space-y-3">
        {[...sources].sort(byNumber).map((source) => (
          <SourceItem
            key={source.n}
            source={source}
            citations={(data?.citations ?? []).filter((c) => c.n === source.n)}
          />
        ))}
      </ol>
    </Card>
  );
}
