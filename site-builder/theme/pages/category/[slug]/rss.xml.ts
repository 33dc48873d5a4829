import type { APIRoute } from "astro";
import { asResponse, type EndpointFile, type EndpointInput } from "../../../lib/endpoint.ts";
import { rssFeed } from "../../../lib/feeds.ts";
import { postsInCategory } from "../../../lib/site.ts";
import { paths } from "../../../lib/urls.ts";

export function file({ locals, params }: EndpointInput): EndpointFile {
  const { site } = locals;
  const category = site?.categoriesBySlug.get(params.slug ?? "");
  if (!site || !category) return { status: 404, text: "Category not found" };
  const title = `${site.blog.name}: ${category.name}`;
  return {
    status: 200,
    text: rssFeed(site, postsInCategory(site, category.id), title, paths.category(category.slug)),
    contentType: "application/rss+xml; charset=utf-8",
  };
}

export const GET: APIRoute = (context) => asResponse(file(context));
