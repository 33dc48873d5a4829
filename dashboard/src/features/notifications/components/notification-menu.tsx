import { Link } from "react-router";
import { editPostHref } from "../../../components/post-card-model.ts";
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  LoadedDropdownMenu,
} from "../../../components/ui/dropdown-menu.tsx";
import type { LazyMenuProps } from "../../../components/ui/lazy-menu.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { formatDayAndTime } from "../../../lib/format-date.ts";
import { useSelectedBlog } from "../../../lib/selected-blog-context.tsx";
import { useNotifications } from "../api/get-notifications.ts";
import { useMarkNotificationsRead } from "../api/mark-notifications-read.ts";

/** The bell's list, loaded when first reached (see `NotificationBell`). */
export function NotificationMenu(menu: LazyMenuProps) {
  const { data, error } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const { selectBlog } = useSelectedBlog();
  const items = data?.notifications ?? [];
  const mark = (input: Parameters<typeof markRead>[0]) =>
    markRead(input).catch((failure: unknown) =>
      toast({
        title: "Could not mark as read",
        description: errorMessage(failure, "Check your connection and try again."),
        variant: "destructive",
      }),
    );
  return (
    <LoadedDropdownMenu {...menu}>
      <DropdownMenuContent className="w-80" align="end">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel>Notifications</DropdownMenuLabel>
          {(data?.unread ?? 0) > 0 && (
            <DropdownMenuItem
              className="text-xs"
              onSelect={(event) => {
                event.preventDefault();
                void mark({ all: true });
              }}
            >
              Mark all as read
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator />
        {error ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">Failed to load notifications.</p>
        ) : items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">
            {data ? "No notifications yet." : "Loading..."}
          </p>
        ) : (
          items.map((notification) => (
            <DropdownMenuItem key={notification.id} asChild>
              <Link
                to={notification.postId ? editPostHref(notification.postId) : "/dashboard"}
                onClick={() => {
                  selectBlog(notification.blogId);
                  if (!notification.read) void mark({ ids: [notification.id] });
                }}
                className={cn(
                  "flex flex-col items-start gap-0.5",
                  !notification.read && "font-medium",
                )}
              >
                <span className="flex w-full items-start gap-2">
                  {!notification.read && (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                      <span className="sr-only">Unread: </span>
                    </span>
                  )}
                  <span>{notification.text}</span>
                </span>
                <span className="text-xs font-normal text-muted-foreground">
                  {notification.blogName} · {formatDayAndTime(new Date(notification.createdAt))}
                </span>
              </Link>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </LoadedDropdownMenu>
  );
}
