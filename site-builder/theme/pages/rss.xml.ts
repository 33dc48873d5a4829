import type { APIRoute } from "astro";
import { rssFeed } from "../lib/feeds.ts";

export const GET: APIRoute = ({ locals }) => {
  const { site } = locals;
  if (!site) return new Response("Blog not found", { status: 404 });
  return new Response(rssFeed(site, site.posts, site.blog.name, "/"), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
};
