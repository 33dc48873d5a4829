import type { User } from "@contracts/auth.ts";
import { Link, useLocation } from "react-router";
import { BrandMark } from "../../components/brand-logo.tsx";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "../../components/ui/sidebar.tsx";
import { useSelectedBlog } from "../../lib/selected-blog-context.tsx";
import { activeNavUrl, navItemsFor } from "./nav-items.ts";
import { NavUser } from "./nav-user.tsx";

export function AppSidebar({ user }: { user: User | null }) {
  const { pathname } = useLocation();
  const { setOpenMobile } = useSidebar();
  const active = activeNavUrl(pathname);
  const { selectedBlog } = useSelectedBlog();
  return (
    <Sidebar label="Sidebar">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Blogfleet" className="[&>svg]:size-8">
              <Link to="/dashboard" onClick={() => setOpenMobile(false)}>
                <BrandMark />
                <span className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:sr-only">
                  <span className="truncate font-semibold">Blogfleet</span>
                  <span className="truncate text-xs text-sidebar-foreground/80">
                    AI blog platform
                  </span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroup>
            <SidebarGroupLabel>Menu</SidebarGroupLabel>
            <SidebarMenu>
              {navItemsFor(selectedBlog?.role).map((item) => (
                <SidebarMenuItem key={item.url}>
                  <SidebarMenuButton asChild isActive={active === item.url} tooltip={item.title}>
                    <Link
                      to={item.url}
                      aria-current={active === item.url ? "page" : undefined}
                      onClick={() => setOpenMobile(false)}
                    >
                      <item.icon aria-hidden="true" />
                      <span>{item.title}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarGroup>
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <NavUser user={user} />
      </SidebarFooter>
    </Sidebar>
  );
}
