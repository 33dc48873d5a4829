import type { Blog } from "@contracts/blogs.ts";
import {
  type Subscriber,
  type SubscriberCounts,
  type SubscriberStatus,
  subscriberStatuses,
} from "@contracts/newsletters.ts";
import { MailIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import {
  deleteSubscriber,
  subscriberGrowthKey,
  useSubscribers,
} from "../../../lib/api/subscribers.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDay } from "../../../lib/format-date.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { EraseSubscriberCard } from "./erase-subscriber-card.tsx";
import { ImportSubscribersCard } from "./import-subscribers-card.tsx";
import { SubscriberGrowthCard } from "./subscriber-growth-card.tsx";

/** Subscribers (issue 36, decision 374): a blog's e-mail list, the owner's alone. */
export function SubscribersPage() {
  return <BlogScreen title="Subscribers">{(blog) => <Subscribers blog={blog} />}</BlogScreen>;
}

export const statusLabels: Record<SubscriberStatus, string> = {
  pending: "Pending",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
};

const statusChoices = [
  { value: "all", label: "All statuses" },
  ...subscriberStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
];

function Subscribers({ blog }: { blog: Blog }) {
  const { mutate } = useSWRConfig();
  const searchId = useId();
  const statusId = useId();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<SubscriberStatus | "all">("all");
  const settledSearch = useDebouncedValue(search.trim(), 300);
  const filters = { search: settledSearch, status: status === "all" ? undefined : status };
  const {
    data: pages,
    error,
    size,
    setSize,
    isValidating,
    mutate: reload,
  } = useSubscribers(blog.id, filters);
  const [toDelete, setToDelete] = useState<Subscriber | null>(null);

  const rows = pages?.flatMap((page) => page.subscribers) ?? [];
  const counts = pages?.[0]?.counts;
  const more = Boolean(pages?.at(-1)?.nextCursor);

  /** The list and its growth read again after an import, a deletion or an erasure. */
  async function refresh() {
    await Promise.all([reload(), mutate(subscriberGrowthKey(blog.id, 90))]);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteSubscriber(blog.id, toDelete.id);
      toast({ title: "Subscriber deleted", description: `${toDelete.email} was deleted.` });
      setToDelete(null);
      await refresh();
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to delete the subscriber"),
        variant: "destructive",
      });
      throw err;
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Subscribers"
        description={`The people who get ${blog.name}'s posts by e-mail, with the consent each gave.`}
      />
      {counts && <StatusCounts counts={counts} />}
      <SubscriberGrowthCard blogId={blog.id} />

      <Card className="space-y-4 p-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1 space-y-1.5">
            <Label htmlFor={searchId}>Search addresses</Label>
            <Input
              id={searchId}
              type="search"
              value={search}
              placeholder="name@example.com"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label id={statusId}>Status</Label>
            <ChoiceSelect
              labelledBy={statusId}
              value={status}
              onValueChange={(value) => setStatus(value as SubscriberStatus | "all")}
              choices={statusChoices}
              className="w-44"
            />
          </div>
        </div>
        {error ? (
          <LoadError
            variant="inline"
            message={errorMessage(error, "Failed to load subscribers.")}
            retryLabel="Retry"
            onRetry={() => void reload()}
          />
        ) : !pages ? (
          <p role="status" className="py-8 text-center text-sm text-muted-foreground">
            Loading subscribers...
          </p>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <MailIcon aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">
              {settledSearch || status !== "all"
                ? "No subscriber matches."
                : "No subscribers yet. Readers join with the form on the blog, or import a list."}
            </p>
          </div>
        ) : (
          <DataTable
            aria-label="Subscribers"
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "email",
                header: "Address",
                cell: (row) => row.email,
                cellClassName: "font-medium",
              },
              {
                key: "status",
                header: "Status",
                cell: (row) => (
                  <Badge variant={row.status === "subscribed" ? "default" : "secondary"}>
                    {statusLabels[row.status]}
                  </Badge>
                ),
              },
              {
                key: "consent",
                header: "Consent",
                cell: (row) =>
                  row.consentedAt ? (
                    <time dateTime={row.consentedAt}>{formatDay(new Date(row.consentedAt))}</time>
                  ) : (
                    "—"
                  ),
              },
              {
                key: "page",
                header: "From",
                cell: (row) => row.consentPage ?? "—",
                cellClassName: "text-muted-foreground",
              },
              {
                key: "actions",
                header: <span className="sr-only">Actions</span>,
                cellClassName: "text-right",
                cell: (row) => (
                  <Button variant="ghost" size="icon" onClick={() => setToDelete(row)}>
                    <Trash2Icon aria-hidden="true" />
                    <span className="sr-only">Delete {row.email}</span>
                  </Button>
                ),
              },
            ]}
          />
        )}
        {more && (
          <Button variant="outline" onClick={() => setSize(size + 1)} disabled={isValidating}>
            {isValidating ? "Loading..." : "Load more"}
          </Button>
        )}
      </Card>

      <ImportSubscribersCard blogId={blog.id} onImported={refresh} />
      <EraseSubscriberCard onErased={refresh} />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Subscriber"
        description={`${toDelete?.email ?? ""} and its consent record will be deleted from ${blog.name}'s list.`}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function StatusCounts({ counts }: { counts: SubscriberCounts }) {
  return (
    <ul
      aria-label="Subscribers per status"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {subscriberStatuses.map((status) => (
        <li key={status} className="rounded-xl border bg-card p-4 shadow-sm">
          <p className="text-sm text-muted-foreground">{statusLabels[status]}</p>
          <p className="text-2xl font-semibold tabular-nums">{counts[status]}</p>
        </li>
      ))}
    </ul>
  );
}
