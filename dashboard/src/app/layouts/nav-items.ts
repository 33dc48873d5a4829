import { type Capability, can, type Role } from "@contracts/roles.ts";
import {
  ChartColumnIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  FolderTreeIcon,
  GlobeIcon,
  HeartPulseIcon,
  HistoryIcon,
  ImagesIcon,
  LayoutDashboardIcon,
  LightbulbIcon,
  Link2Icon,
  type LucideIcon,
  MailIcon,
  NewspaperIcon,
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
 * The sidebar's nine entries, in this order, with these titles, and Media (issue 17), Tags
 * (issue 33), Review Queue and Activity (issue 35), Newsletter (issue 36, owners and editors)
 * and Subscribers (issue 36, the owner's), and Link Health (issue 37, the owner's, fleet-wide). An entry of a blog's screen that needs a capability
 * shows only to roles that have it on the selected blog (decisions 367, 370): a writer sees
 * their posts, media, the review of nothing, and Settings for their own profile.
 */
export const navItems: readonly NavItem[] = [
  { title: "Dashboard", url: "/dashboard", icon: LayoutDashboardIcon },
  { title: "My Blogs", url: "/my-blogs", icon: GlobeIcon },
  {
    title: "Performance",
    url: "/performance",
    icon: ChartColumnIcon,
    capability: "analytics.view",
  },
  { title: "All Posts", url: "/posts", icon: FileTextIcon },
  { title: "Review Queue", url: "/review", icon: ClipboardCheckIcon, capability: "posts.review" },
  {
    title: "Categories",
    url: "/categories",
    icon: FolderTreeIcon,
    capability: "categories.manage",
  },
  { title: "Tags", url: "/tags", icon: TagsIcon, capability: "tags.manage" },
  { title: "Media", url: "/media", icon: ImagesIcon },
  {
    title: "Affiliate Links",
    url: "/affiliate-links",
    icon: Link2Icon,
    capability: "affiliateLinks.manage",
  },
  { title: "Newsletter", url: "/newsletter", icon: NewspaperIcon, capability: "newsletter.send" },
  { title: "Subscribers", url: "/subscribers", icon: MailIcon, capability: "subscribers.manage" },
  {
    title: "AI Recommendations",
    url: "/affiliate-recommendations",
    icon: SparklesIcon,
    capability: "blog.manage",
  },
  { title: "Blog Ideas", url: "/blog-recommendations", icon: LightbulbIcon },
  { title: "Link Health", url: "/link-health", icon: HeartPulseIcon, capability: "blog.manage" },
  { title: "Activity", url: "/activity", icon: HistoryIcon, capability: "activity.view" },
  { title: "Settings", url: "/settings", icon: SettingsIcon },
];

/** Screens of a blog's team (issue 35): not offered before a blog is chosen. */
const teamScreens = new Set(["/review", "/activity"]);

/**
 * The entries a person sees with their role on the selected blog; with no blog chosen yet,
 * every entry but the team's screens.
 */
export function navItemsFor(role: Role | undefined): NavItem[] {
  return navItems.filter((item) =>
    role === undefined
      ? !teamScreens.has(item.url)
      : !item.capability || can(role, item.capability),
  );
}

/** The entry to highlight: '/' is the dashboard too, and the editor belongs to All Posts. */
export function activeNavUrl(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return "/dashboard";
  if (path === "/editor") return "/posts";
  return navItems.find((item) => path === item.url || path.startsWith(`${item.url}/`))?.url;
}
