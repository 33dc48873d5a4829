import type { APIRoute } from "astro";
import { rssFeed } from "../../../lib/feeds.ts";
import { postsInCategory } from "../../../lib/site.ts";
import { paths } from "../../../lib/urls.ts";

export const GET: APIRoute = ({ locals, params }) => {
  const { site } = locals;
  const category = site?.categoriesBySlug.get(params.slug ?? "");
  if (!site || !category) return new Response("Category not found", { status: 404 });
  const title = `${site.blog.name}: ${category.name}`;
  return new Response(
    rssFeed(site, postsInCategory(site, category.id), title, paths.category(category.slug)),
    {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
    },
  );
};
