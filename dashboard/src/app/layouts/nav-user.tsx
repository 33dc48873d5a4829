import type { User } from "@contracts/auth.ts";
import { ChevronsUpDownIcon, LogOutIcon, SettingsIcon } from "lucide-react";
import { Link } from "react-router";
import { Avatar, AvatarFallback, AvatarImage } from "../../components/ui/avatar.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import {
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "../../components/ui/sidebar.tsx";
import { displayName, initialsOf } from "../../lib/user-display.ts";

function UserAvatar({ user }: { user: User | null }) {
  return (
    <Avatar className="size-8 rounded-lg">
      {user?.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback className="rounded-lg">{initialsOf(user)}</AvatarFallback>
    </Avatar>
  );
}

/** The sidebar footer's 'My Account' menu (spec section 2.2). */
export function NavUser({ user }: { user: User | null }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const name = displayName(user);
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
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
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
            side={isMobile ? "top" : "right"}
            align="end"
            sideOffset={4}
          >
            <DropdownMenuLabel>My Account</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              <DropdownMenuItem asChild>
                <Link to="/settings" onClick={() => setOpenMobile(false)}>
                  <SettingsIcon aria-hidden="true" />
                  Settings
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <a href="/api/logout">
                  <LogOutIcon aria-hidden="true" />
                  Log out
                </a>
              </DropdownMenuItem>
            </DropdownMenuGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
