import { limits } from "@contracts/limits.ts";
import {
  CalendarClockIcon,
  EyeIcon,
  FolderIcon,
  MoreHorizontalIcon,
  PencilIcon,
} from "lucide-react";
import { Link } from "react-router";
import { formatDay, formatDayAndTime } from "../lib/format-date.ts";
import { type CardPost, editPostHref, viewPostHref } from "./post-card-model.ts";
import { PostStatusBadge } from "./post-status-badge.tsx";
import { ReviewReasons } from "./review-reasons.tsx";
import { Avatar, AvatarFallback, AvatarImage } from "./ui/avatar.tsx";
import { Button } from "./ui/button.tsx";
import { Card } from "./ui/card.tsx";
import { lazyMenu } from "./ui/lazy-menu.tsx";

export { type CardPost, editPostHref, viewPostHref } from "./post-card-model.ts";

/** The card's actions menu: its code loads when the owner reaches for it (decision 172). */
const PostCardMenu = lazyMenu(async () => (await import("./post-card-menu.tsx")).PostCardMenu);

/** Tags removed and whitespace collapsed, for a plain-text preview. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The excerpt, or the first 150 characters of the tag-stripped
 * content plus an ellipsis when there is none.
 */
export function cardExcerpt(post: { excerpt?: string | null; content?: string | null }): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  const text = stripTags(post.content ?? "");
  if (!text) return "";
  return `${Array.from(text).slice(0, limits.cardExcerpt).join("")}...`;
}

/** Avatar fallback: the first two letters of the author's name. */
export function authorInitials(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join("").toUpperCase() || "U";
}

export function PostCard({
  post,
  categoryName,
  currentUserId,
  onDelete,
  onUnpublish,
}: {
  post: CardPost;
  categoryName?: string | null;
  currentUserId?: string | null;
  /** The menu offers Delete only when this is given. */
  onDelete?: (post: CardPost) => void;
  /** The menu of a published post offers Unpublish only when this is given (decision 097). */
  onUnpublish?: (post: CardPost) => void;
}) {
  const authorName = post.author?.name ?? "Unknown author";
  const isOwn = Boolean(currentUserId && post.authorId === currentUserId);
  const excerpt = cardExcerpt(post);
  return (
    <Card className="flex flex-col gap-3 p-5" aria-labelledby={`post-${post.id}-title`}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={`post-${post.id}-title`} className="line-clamp-2 text-base font-semibold">
          {post.title}
        </h3>
        <PostCardMenu
          post={post}
          onDelete={onDelete}
          onUnpublish={onUnpublish}
          trigger={
            <Button variant="ghost" size="icon" className="-mt-1 -mr-2 size-8">
              <MoreHorizontalIcon aria-hidden="true" />
              <span className="sr-only">Actions for {post.title}</span>
            </Button>
          }
        />
      </div>
      {excerpt && <p className="line-clamp-3 text-sm text-muted-foreground">{excerpt}</p>}
      {post.status === "under_review" && (
        <ReviewReasons reasons={post.reviewReasons ?? []} compact />
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <PostStatusBadge status={post.status} />
        {categoryName && (
          <span className="inline-flex items-center gap-1">
            <FolderIcon aria-hidden="true" className="size-3.5" />
            {categoryName}
          </span>
        )}
        <time dateTime={post.createdAt}>{formatDay(new Date(post.createdAt))}</time>
        {post.scheduledPublishAt && (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-accent-foreground">
            <CalendarClockIcon aria-hidden="true" className="size-3.5" />
            Scheduled for {formatDayAndTime(new Date(post.scheduledPublishAt))}
          </span>
        )}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 pt-1">
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <Avatar className="size-7">
            {post.author?.avatarUrl && <AvatarImage src={post.author.avatarUrl} alt="" />}
            <AvatarFallback className="text-[0.65rem]">{authorInitials(authorName)}</AvatarFallback>
          </Avatar>
          <span className="truncate">{isOwn ? "You" : authorName}</span>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={viewPostHref(post.id)} aria-label={`View ${post.title}`}>
              <EyeIcon aria-hidden="true" />
              View
            </Link>
          </Button>
          <Button asChild size="sm">
            <Link to={editPostHref(post.id)} aria-label={`Edit ${post.title}`}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
