import {
  type ActivityAction,
  type ActivityEvent,
  activityActionLabels,
  activityActions,
} from "@contracts/activity.ts";
import type { Blog } from "@contracts/blogs.ts";
import { useId, useState } from "react";
import { Link } from "react-router";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { editPostHref } from "../../../components/post-card-model.ts";
import { Button } from "../../../components/ui/button.tsx";
import { fieldClasses } from "../../../components/ui/input.tsx";
import { errorMessage, statusOf } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { formatDayAndTime } from "../../../lib/format-date.ts";
import { type ActivityFilter, useActivityPages } from "../api/get-activity.ts";

/** The blog's activity log (decision 369): who did what and when, for owners and editors. */
export function ActivityPage() {
  return <BlogScreen title="Activity">{(blog) => <BlogActivity blog={blog} />}</BlogScreen>;
}

const selectClasses = cn(fieldClasses, "h-9 py-1 sm:w-56");

/** More about a row than its verb: the fields changed, the time scheduled. */
function detailOf(event: ActivityEvent): string | null {
  const { fields, scheduledPublishAt, scheduled } = event.details;
  if (Array.isArray(fields) && fields.length > 0) return `Changed: ${fields.join(", ")}`;
  if (event.action === "post.scheduled") {
    return typeof scheduledPublishAt === "string"
      ? `For ${formatDayAndTime(new Date(scheduledPublishAt))}`
      : "Schedule cleared";
  }
  if (scheduled === true) return "As scheduled";
  return null;
}

function ActivityRow({ event }: { event: ActivityEvent }) {
  const detail = detailOf(event);
  const linked = event.postId && event.action !== "post.deleted";
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <time dateTime={event.createdAt} className="shrink-0 text-sm text-muted-foreground sm:w-44">
        {formatDayAndTime(new Date(event.createdAt))}
      </time>
      <div className="min-w-0 space-y-0.5">
        <p>
          <span className="font-medium">{event.actor?.name ?? "Blogfleet"}</span>{" "}
          <span>{activityActionLabels[event.action]}</span>
          {event.subject && (
            <>
              {": "}
              {linked ? (
                <Link
                  to={editPostHref(event.postId as string)}
                  className="underline underline-offset-4"
                >
                  {event.subject}
                </Link>
              ) : (
                <span>{event.subject}</span>
              )}
            </>
          )}
        </p>
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      </div>
    </li>
  );
}

function BlogActivity({ blog }: { blog: Blog }) {
  const ids = { action: useId(), person: useId() };
  const [filter, setFilter] = useState<ActivityFilter>({ action: "all", actorId: "all" });
  const { data, error, size, setSize, isValidating, mutate } = useActivityPages(blog.id, filter);
  const pages = data ?? [];
  const events = pages.flatMap((page) => page.events);
  const first = pages[0];
  const hasMore = pages.at(-1)?.nextCursor != null;
  const loadingMore = isValidating && size > pages.length;

  const header = (
    <PageHeader
      title="Activity"
      description={
        first
          ? `Who did what on ${blog.name}, kept for ${first.retentionDays} days.`
          : `Who did what on ${blog.name}.`
      }
    />
  );
  if (error && statusOf(error) === 403) {
    return (
      <div className="space-y-6">
        {header}
        <p role="alert" className="rounded-md border p-4 text-sm">
          {errorMessage(error, "Your role on this blog does not show its activity.")} Owners and
          editors see the activity log.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {header}
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="space-y-1">
          <label htmlFor={ids.action} className="text-sm font-medium">
            Action
          </label>
          <select
            id={ids.action}
            className={selectClasses}
            value={filter.action}
            onChange={(event) =>
              setFilter({ ...filter, action: event.target.value as ActivityAction | "all" })
            }
          >
            <option value="all">All actions</option>
            {activityActions.map((action) => (
              <option key={action} value={action}>
                {activityActionLabels[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.person} className="text-sm font-medium">
            Person
          </label>
          <select
            id={ids.person}
            className={selectClasses}
            value={filter.actorId}
            onChange={(event) => setFilter({ ...filter, actorId: event.target.value })}
          >
            <option value="all">Everyone</option>
            {first?.people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <LoadError
          variant="banner"
          title="Failed to load the activity"
          message={errorMessage(error, "Check your connection and try again.")}
          retryLabel="Try again"
          onRetry={() => void mutate()}
        />
      ) : !data ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading activity...
        </p>
      ) : events.length === 0 ? (
        <p className="py-16 text-center text-sm text-muted-foreground">
          Nothing here yet: changes to posts, settings and the team show up as they happen.
        </p>
      ) : (
        <>
          <ul aria-label="Activity" className="divide-y">
            {events.map((event) => (
              <ActivityRow key={event.id} event={event} />
            ))}
          </ul>
          {hasMore && (
            <Button variant="outline" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
              {loadingMore ? "Loading..." : "Show older"}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
