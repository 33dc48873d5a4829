import type { APIRoute } from "astro";
import { sitemap } from "../lib/feeds.ts";

export const GET: APIRoute = ({ locals }) => {
  if (!locals.site) return new Response("Blog not found", { status: 404 });
  return new Response(sitemap(locals.site), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
