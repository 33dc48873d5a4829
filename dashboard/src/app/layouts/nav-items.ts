import {
  ChartColumnIcon,
  FileTextIcon,
  FolderTreeIcon,
  GlobeIcon,
  ImagesIcon,
  LayoutDashboardIcon,
  LightbulbIcon,
  Link2Icon,
  type LucideIcon,
  SettingsIcon,
  SparklesIcon,
  TagsIcon,
} from "lucide-react";

export type NavItem = { title: string; url: string; icon: LucideIcon };

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

/** The entry to highlight: '/' is the dashboard too, and the editor belongs to All Posts. */
export function activeNavUrl(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return "/dashboard";
  if (path === "/editor") return "/posts";
  return navItems.find((item) => path === item.url || path.startsWith(`${item.url}/`))?.url;
}
