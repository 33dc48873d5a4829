import type { CSSProperties } from "react";
import { Outlet } from "react-router";
import { ThemeToggle } from "../../components/theme-toggle.tsx";
import { Separator } from "../../components/ui/separator.tsx";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "../../components/ui/sidebar.tsx";
import { BlogSwitcher } from "../../features/blog-switcher/components/blog-switcher.tsx";
import { NotificationBell } from "../../features/notifications/components/notification-bell.tsx";
import { useAuthUser } from "../../lib/api/get-auth-user.ts";
import { CreateBlogDialogProvider } from "../../lib/create-blog-dialog-context.tsx";
import { SelectedBlogProvider } from "../../lib/selected-blog-context.tsx";
import { AppSidebar } from "./app-sidebar.tsx";

/** The signed-in shell: sidebar, header with blog selector, the screen. */
export function DashboardLayout() {
  const { user } = useAuthUser();
  return (
    <SelectedBlogProvider>
      <CreateBlogDialogProvider>
        <SidebarProvider>
          <AppSidebar user={user} />
          {/* The header's height, for what sticks below it (the editor's toolbar). */}
          <SidebarInset style={{ "--app-header-height": "3.5rem" } as CSSProperties}>
            <header className="sticky top-0 z-20 flex h-(--app-header-height) shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
              <SidebarTrigger className="-ml-1" />
              <Separator orientation="vertical" className="mr-1 h-5!" />
              <BlogSwitcher />
              <div className="ml-auto flex items-center gap-1">
                <NotificationBell />
                <ThemeToggle />
              </div>
            </header>
            <main className="flex-1 p-4 sm:p-6 lg:p-8">
              <div className="mx-auto w-full max-w-6xl">
                <Outlet />
              </div>
            </main>
          </SidebarInset>
        </SidebarProvider>
      </CreateBlogDialogProvider>
    </SelectedBlogProvider>
  );
}
