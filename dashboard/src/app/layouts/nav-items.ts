import { type Capability, can, type Role } from "@contracts/roles.ts";
import {
  ChartColumnIcon,
  FileTextIcon,
  FolderTreeIcon,
  GlobeIcon,
  HistoryIcon,
  ImagesIcon,
  LayoutDashboardIcon,
  LightbulbIcon,
  Link2Icon,
  type LucideIcon,
  SettingsIcon,
  SparklesIcon,
  TagsIcon,
} from "lucide-react";

export type NavItem = {
  title: string;
  url: string;
  icon: LucideIcon;
  /** Shown only when the person's role on the selected blog has it. */
  capability?: Capability;
};

/**
 * The sidebar's nine entries, in this order, with these titles, and Media
 * (issue 17) and Tags (issue 33).
 */
export const navItems: readonly NavItem[] = [
  { title: "Dashboard", url: "/dashboard", icon: LayoutDashboardIcon },
  { title: "My Blogs", url: "/my-blogs", icon: GlobeIcon },
  { title: "Performance", url: "/performance", icon: ChartColumnIcon },
  { title: "All Posts", url: "/posts", icon: FileTextIcon },
  { title: "Categories", url: "/categories", icon: FolderTreeIcon },
  { title: "Tags", url: "/tags", icon: TagsIcon },
  { title: "Media", url: "/media", icon: ImagesIcon },
  { title: "Affiliate Links", url: "/affiliate-links", icon: Link2Icon },
  { title: "AI Recommendations", url: "/affiliate-recommendations", icon: SparklesIcon },
  { title: "Blog Ideas", url: "/blog-recommendations", icon: LightbulbIcon },
  { title: "Settings", url: "/settings", icon: SettingsIcon },
];

/** Entries of the blog's team (issue 35), shown before Settings to the roles that have them. */
export const teamNavItems: readonly NavItem[] = [
  { title: "Activity", url: "/activity", icon: HistoryIcon, capability: "activity.view" },
];

/** The entries a person sees with their role on the selected blog (none: the fixed entries only). */
export function navItemsFor(role: Role | undefined): NavItem[] {
  const team = teamNavItems.filter(
    (item) => role !== undefined && (!item.capability || can(role, item.capability)),
  );
  return [...navItems.slice(0, -1), ...team, ...navItems.slice(-1)];
}

/** The entry to highlight: '/' is the dashboard too, and the editor belongs to All Posts. */
export function activeNavUrl(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return "/dashboard";
  if (path === "/editor") return "/posts";
  return [...navItems, ...teamNavItems].find(
    (item) => path === item.url || path.startsWith(`${item.url}/`),
  )?.url;
}
