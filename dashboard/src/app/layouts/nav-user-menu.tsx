import { LogOutIcon, SettingsIcon } from "lucide-react";
import { Link } from "react-router";
import {
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  LoadedDropdownMenu,
} from "../../components/ui/dropdown-menu.tsx";
import type { LazyMenuProps } from "../../components/ui/lazy-menu.tsx";

/** The 'My Account' menu of the sidebar footer, loaded when first reached (see `NavUser`). */
export function NavUserMenu({
  side,
  onNavigate,
  ...menu
}: LazyMenuProps & { side: "top" | "right"; onNavigate: () => void }) {
  return (
    <LoadedDropdownMenu {...menu}>
      <DropdownMenuContent
        className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
        side={side}
        align="end"
        sideOffset={4}
      >
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/settings" onClick={onNavigate}>
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
    </LoadedDropdownMenu>
  );
}
