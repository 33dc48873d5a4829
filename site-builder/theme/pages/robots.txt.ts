import type { APIRoute } from "astro";
import { robotsTxt } from "../lib/feeds.ts";

export const GET: APIRoute = ({ locals }) => {
  if (!locals.site) return new Response("Blog not found", { status: 404 });
  return new Response(robotsTxt(locals.site), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
