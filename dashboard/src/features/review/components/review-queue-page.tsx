import type { ReviewQueueItem } from "@contracts/review.ts";
import { can } from "@contracts/roles.ts";
import { MessageSquareIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useAuthUser } from "../../../lib/api/get-auth-user.ts";
import { useBlogs } from "../../../lib/api/get-blogs.ts";
import { assignReviewer, type ReviewFilters, useReviewQueue } from "../../../lib/api/review.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDayAndTime } from "../../../lib/format-date.ts";

const allBlogs = "all";
const anyone = "anyone";

/**
 * The review queue (decision 371): posts under review of every blog the person reviews,
 * oldest first, filtered by blog and by assignment; each opens in the editor, where it is
 * approved or sent back with a note.
 */
export function ReviewQueuePage() {
  const { data: blogs } = useBlogs();
  const { user } = useAuthUser();
  const reviewed = (blogs ?? []).filter((blog) => can(blog.role, "posts.review"));
  const [blogId, setBlogId] = useState(allBlogs);
  const [assignee, setAssignee] = useState(anyone);
  const filters: ReviewFilters = {
    blogId: blogId === allBlogs ? undefined : blogId,
    assignee: assignee === anyone ? undefined : (assignee as "me" | "unassigned"),
  };
  const { data: pages, error, size, setSize, mutate, isValidating } = useReviewQueue(filters);
  const items = pages?.flatMap((page) => page.posts) ?? [];
  const total = pages?.[0]?.total;
  const more = pages?.at(-1)?.nextCursor != null;
  const ids = { blog: useId(), assignee: useId() };

  async function assign(item: ReviewQueueItem, userId: string | null) {
    try {
      await assignReviewer(item.id, userId);
      toast({ title: userId ? "Assigned to you" : "Unassigned" });
      await mutate();
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Not assigned",
        description: errorMessage(failure, "The review could not be assigned."),
      });
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Review Queue"
        description={
          total === undefined
            ? "Posts waiting for review, oldest first."
            : `${total} ${total === 1 ? "post waits" : "posts wait"} for review, oldest first.`
        }
      />
      <div className="flex flex-wrap gap-4">
        <div className="space-y-1">
          <Label id={ids.blog}>Blog</Label>
          <ChoiceSelect
            labelledBy={ids.blog}
            value={blogId}
            onValueChange={setBlogId}
            className="w-56"
            choices={[
              { value: allBlogs, label: "All blogs" },
              ...reviewed.map((blog) => ({ value: blog.id, label: blog.name })),
            ]}
          />
        </div>
        <div className="space-y-1">
          <Label id={ids.assignee}>Assigned</Label>
          <ChoiceSelect
            labelledBy={ids.assignee}
            value={assignee}
            onValueChange={setAssignee}
            className="w-48"
            choices={[
              { value: anyone, label: "Anyone" },
              { value: "me", label: "To me" },
              { value: "unassigned", label: "To nobody" },
            ]}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {errorMessage(error, "The review queue could not be loaded.")}
        </p>
      ) : !pages ? (
        <p role="status" className="py-8 text-center text-muted-foreground">
          Loading the review queue...
        </p>
      ) : items.length === 0 ? (
        <Card className="p-8 text-center text-muted-foreground">
          Nothing waits for review. Posts writers submit appear here, oldest first.
        </Card>
      ) : (
        <ol aria-label="Posts under review" className="space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <Card className="flex flex-wrap items-start gap-4 p-4">
                <div className="min-w-0 flex-1 space-y-1">
                  <Link
                    to={`/editor?id=${encodeURIComponent(item.id)}`}
                    className="font-medium hover:underline"
                  >
                    {item.title || "Untitled"}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {item.blogName} · by {item.author?.name ?? "automation"}
                    {item.submittedAt
                      ? ` · submitted ${formatDayAndTime(new Date(item.submittedAt))}`
                      : ""}
                  </p>
                  {item.excerpt && <p className="line-clamp-2 text-sm">{item.excerpt}</p>}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {item.reviewReasons && <Badge variant="secondary">Held by automation</Badge>}
                  {item.notes > 0 && (
                    <Badge variant="outline">
                      <MessageSquareIcon aria-hidden="true" className="size-3" />
                      {item.notes} {item.notes === 1 ? "note" : "notes"}
                    </Badge>
                  )}
                  {item.assignee ? (
                    <>
                      <Badge>Assigned to {item.assignee.name}</Badge>
                      {item.assignee.id === user?.id && (
                        <Button size="sm" variant="outline" onClick={() => assign(item, null)}>
                          Unassign
                        </Button>
                      )}
                    </>
                  ) : (
                    user && (
                      <Button size="sm" variant="outline" onClick={() => assign(item, user.id)}>
                        Assign to me
                      </Button>
                    )
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
      {more && (
        <Button variant="outline" onClick={() => setSize(size + 1)} disabled={isValidating}>
          {isValidating ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}
