import type { FleetLink, LinkReplacement } from "@contracts/link-health.ts";
import { useState } from "react";
import { LinkHealthBadge } from "../../../components/link-health-badge.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useFleetLinks } from "../api/get-fleet-links.ts";
import { useReplacements } from "../api/get-replacements.ts";
import { useLinkReplacements } from "../api/replace-link.ts";
import { ReplaceLinkDialog } from "./replace-link-dialog.tsx";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Link Health (decision 379): the broken and redirected links of every blog the person owns. */
export function LinkHealthPage() {
  const { data, error, isLoading, mutate } = useFleetLinks();
  const { data: replacements } = useReplacements();
  const { replace, undo } = useLinkReplacements();
  const [replacing, setReplacing] = useState<string | null>(null);
  const [undoing, setUndoing] = useState(false);
  const last = replacements?.find((r) => r.undoneAt === null);

  async function undoLast(replacement: LinkReplacement) {
    setUndoing(true);
    try {
      const done = await undo(replacement.id);
      const skipped = done.skipped.postIds.length + done.skipped.affiliateLinkIds.length;
      toast({
        title: "Replacement undone",
        description:
          skipped > 0
            ? `${plural(skipped, "post or link")} changed since and were left as they are.`
            : `${replacement.from} is back where it was.`,
      });
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(failure, "The replacement could not be undone."),
      });
    } finally {
      setUndoing(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Link Health"
        description="Broken and redirected links in the posts and affiliate links of all your blogs, checked in the background."
      />
      {last && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4 text-sm"
        >
          <span>
            Replaced <span className="font-medium break-all">{last.from}</span> with{" "}
            <span className="font-medium break-all">{last.to}</span> in{" "}
            {plural(last.postIds.length, "post")} and{" "}
            {plural(last.affiliateLinkIds.length, "affiliate link")}.
          </span>
          <Button variant="outline" disabled={undoing} onClick={() => undoLast(last)}>
            {undoing ? "Undoing..." : "Undo"}
          </Button>
        </div>
      )}
      {error ? (
        <LoadError
          variant="banner"
          title="Failed to Load Link Health"
          retryLabel="Retry"
          onRetry={() => void mutate()}
        />
      ) : isLoading || !data ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : data.links.length === 0 ? (
        <p className="rounded-lg border p-6 text-muted-foreground">
          No broken or redirected links found.
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Links needing attention">
          {data.links.map((link) => (
            <FleetLinkItem key={link.url} link={link} onReplace={() => setReplacing(link.url)} />
          ))}
        </ul>
      )}
      {replacing && (
        <ReplaceLinkDialog
          from={replacing}
          onOpenChange={(open) => !open && setReplacing(null)}
          onReplace={async (input) => {
            const done = await replace(input);
            toast({
              title: "Link replaced everywhere",
              description: `${plural(done.postIds.length, "post")} and ${plural(done.affiliateLinkIds.length, "affiliate link")} changed.`,
            });
          }}
        />
      )}
    </div>
  );
}

function FleetLinkItem({ link, onReplace }: { link: FleetLink; onReplace: () => void }) {
  const blogCount = new Set([
    ...link.posts.map((p) => p.blogId),
    ...link.affiliateLinks.map((a) => a.blogId),
  ]).size;
  return (
    <li className="space-y-3 rounded-lg border p-4" aria-label={link.url}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-all">{link.url}</p>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <LinkHealthBadge health={link} />
            {link.finalUrl && <span className="break-all">→ {link.finalUrl}</span>}
            {link.lastWorkedAt && (
              <span>Last worked {new Date(link.lastWorkedAt).toLocaleDateString()}</span>
            )}
          </div>
        </div>
        <Button onClick={onReplace}>Replace everywhere</Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Used in {plural(link.posts.length, "post")} and{" "}
        {plural(link.affiliateLinks.length, "affiliate link")} on {plural(blogCount, "blog")}
      </p>
      <ul className="grid gap-1 text-sm">
        {link.posts.map((post) => (
          <li key={post.id}>
            {post.title} <span className="text-muted-foreground">· {post.blogName}</span>
          </li>
        ))}
        {link.affiliateLinks.map((a) => (
          <li key={a.id}>
            Affiliate link “{a.keyword}”{" "}
            <span className="text-muted-foreground">· {a.blogName}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
