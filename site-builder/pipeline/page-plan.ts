import {
  categoryTrail,
  pageCount,
  postsInCategory,
  type Site,
  type ThemePost,
} from "../theme/lib/site.ts";
import { paths } from "../theme/lib/urls.ts";

/** The file a site-relative page path is stored in: `/` → index.html, `/post/x` → post/x.html. */
export function fileForPath(path: string): string {
  if (path === "/") return "index.html";
  const relative = path.slice(1);
  return /\.(xml|txt)$/.test(relative) ? relative : `${relative}.html`;
}

function homePages(site: Site): string[] {
  return Array.from({ length: pageCount(site.posts.length) }, (_, i) => paths.page(i + 1));
}

function categoryPages(site: Site, categoryId: string): string[] {
  const category = site.categoriesById.get(categoryId);
  if (!category) return [];
  const pages = pageCount(postsInCategory(site, category.id).length);
  return [
    ...Array.from({ length: pages }, (_, i) => paths.category(category.slug, i + 1)),
    paths.categoryFeed(category.slug),
  ];
}

const siteWide = [paths.feed(), paths.sitemap(), "/robots.txt"];

/** Every page of the site, posts before the pages that link to them. */
export function allPages(site: Site): string[] {
  return [
    ...site.posts.map((p) => paths.post(p.slug)),
    ...site.categories.flatMap((c) => categoryPages(site, c.id)),
    ...homePages(site),
    ...siteWide,
  ];
}

export type PagePlan = {
  /** Pages to write, in order: a page is written before any page that links to it. */
  write: string[];
  /** Files to remove after the writes (pages that no longer exist). */
  remove: string[];
};

/**
 * The pages a change to some posts touches: those posts' pages, the categories they were and
 * are in (with their ancestors, whose pages list descendants' posts), the home pages, the
 * feeds and the sitemap. `before` is the snapshot the current output was rendered from.
 */
export function planIncremental(before: Site, after: Site, postIds: string[]): PagePlan {
  const changed = new Set(postIds);
  const oldPosts = before.posts.filter((p) => changed.has(p.id));
  const newPosts = after.posts.filter((p) => changed.has(p.id));

  const categoryIds = new Set<string>();
  const addTrail = (site: Site, post: ThemePost) => {
    for (const c of categoryTrail(site, post.categoryId)) categoryIds.add(c.id);
  };
  for (const post of oldPosts) addTrail(before, post);
  for (const post of newPosts) addTrail(after, post);

  const write = [
    ...newPosts.map((p) => paths.post(p.slug)),
    ...[...categoryIds].flatMap((id) => categoryPages(after, id)),
    ...homePages(after),
    ...siteWide,
  ];
  const writing = new Set(write);
  const stale = [
    ...oldPosts.map((p) => paths.post(p.slug)),
    ...[...categoryIds].flatMap((id) => categoryPages(before, id)),
    ...homePages(before),
  ];
  return { write, remove: [...new Set(stale.filter((path) => !writing.has(path)))] };
}
