import type { User } from "@contracts/auth.ts";
import { ChevronsUpDownIcon } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "../../components/ui/avatar.tsx";
import { lazyMenu } from "../../components/ui/lazy-menu.tsx";
import {
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "../../components/ui/sidebar.tsx";
import { displayName, initialsOf } from "../../lib/user-display.ts";

/** Its code loads when the owner reaches for it (decision 172). */
const NavUserMenu = lazyMenu(async () => (await import("./nav-user-menu.tsx")).NavUserMenu);

function UserAvatar({ user }: { user: User | null }) {
  return (
    <Avatar className="size-8 rounded-lg">
      {user?.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback className="rounded-lg">{initialsOf(user)}</AvatarFallback>
    </Avatar>
  );
}

/** The sidebar footer's 'My Account' menu. */
export function NavUser({ user }: { user: User | null }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const name = displayName(user);
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <NavUserMenu
          side={isMobile ? "top" : "right"}
          onNavigate={() => setOpenMobile(false)}
          trigger={
            <SidebarMenuButton size="lg">
              <UserAvatar user={user} />
              <span className="grid min-w-0 flex-1 text-left text-sm leading-tight group-data-[collapsible=icon]:sr-only">
                <span className="truncate font-semibold">{name}</span>
                {user?.email && (
                  <span className="truncate text-xs text-sidebar-foreground/80 group-data-[collapsible=icon]:hidden">
                    {user.email}
                  </span>
                )}
              </span>
              <ChevronsUpDownIcon
                aria-hidden="true"
                className="ml-auto size-4 group-data-[collapsible=icon]:hidden"
              />
            </SidebarMenuButton>
          }
        />
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
