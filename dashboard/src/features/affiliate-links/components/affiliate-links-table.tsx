import type { AffiliateLink } from "@contracts/affiliate-links.ts";
import { BarChart3Icon, ExternalLinkIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { DataTable } from "../../../components/data-table.tsx";
import { LinkHealthBadge } from "../../../components/link-health-badge.tsx";
import { Button, focusRing } from "../../../components/ui/button.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { cn } from "../../../lib/cn.ts";

/** Keyword, Target URL (new tab), Health (decision 379), Auto-Insert, Clicks, Actions. */
export function AffiliateLinksTable({
  links,
  pendingIds,
  onToggleAutoInsert,
  onStats,
  onEdit,
  onDelete,
}: {
  links: AffiliateLink[];
  /** Links whose switch is being saved. */
  pendingIds: ReadonlySet<string>;
  onToggleAutoInsert: (link: AffiliateLink, autoInsert: boolean) => void;
  onStats: (link: AffiliateLink) => void;
  onEdit: (link: AffiliateLink) => void;
  onDelete: (link: AffiliateLink) => void;
}) {
  return (
    <DataTable
      scope="col"
      headRowClassName="hover:bg-transparent"
      rows={links}
      rowKey={(link) => link.id}
      columns={[
        {
          key: "keyword",
          header: "Keyword",
          cell: (link) => link.keyword,
          cellClassName: "font-medium",
        },
        {
          key: "url",
          header: "Target URL",
          cellClassName: "max-w-xs",
          cell: (link) => (
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(
                "inline-flex max-w-full items-center gap-1 rounded-sm text-primary underline-offset-4 hover:underline",
                focusRing,
              )}
            >
              <span className="truncate">{link.url}</span>
              <ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ),
        },
        {
          key: "health",
          header: "Health",
          cell: (link) => <LinkHealthBadge health={link.health} />,
        },
        {
          key: "autoInsert",
          header: "Auto-Insert",
          cell: (link) => (
            <Switch
              checked={link.autoInsert}
              disabled={pendingIds.has(link.id)}
              onCheckedChange={(checked) => onToggleAutoInsert(link, checked)}
              aria-label={`Auto-Insert for ${link.keyword}`}
            />
          ),
        },
        {
          key: "clicks",
          header: "Clicks",
          headClassName: "text-right",
          cellClassName: "text-right tabular-nums",
          cell: (link) => link.clicks,
        },
        {
          key: "actions",
          header: "Actions",
          headClassName: "text-right",
          cell: (link) => (
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="icon"
                title="Clicks per day"
                onClick={() => onStats(link)}
              >
                <BarChart3Icon aria-hidden="true" />
                <span className="sr-only">Clicks for {link.keyword}</span>
              </Button>
              <Button variant="ghost" size="icon" title="Edit" onClick={() => onEdit(link)}>
                <PencilIcon aria-hidden="true" />
                <span className="sr-only">Edit {link.keyword}</span>
              </Button>
              <Button
                variant="ghost"
                size="icon"
                title="Delete"
                className="text-error hover:text-error"
                onClick={() => onDelete(link)}
              >
                <Trash2Icon aria-hidden="true" />
                <span className="sr-only">Delete {link.keyword}</span>
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
