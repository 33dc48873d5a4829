import { BellIcon } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { lazyMenu } from "../../../components/ui/lazy-menu.tsx";
import { useNotifications } from "../api/get-notifications.ts";

/** Its code loads when the person reaches for it (decision 172). */
const NotificationMenu = lazyMenu(
  async () => (await import("./notification-menu.tsx")).NotificationMenu,
);

/** The header's bell (decision 369): the unread count, and the notifications in a menu. */
export function NotificationBell() {
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <NotificationMenu
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        >
          <BellIcon aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      }
    />
  );
}
