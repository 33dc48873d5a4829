import type { APIRoute } from "astro";
import { asResponse, type EndpointFile, type EndpointInput } from "../lib/endpoint.ts";
import { sitemap } from "../lib/feeds.ts";

export function file({ locals }: EndpointInput): EndpointFile {
  if (!locals.site) return { status: 404, text: "Blog not found" };
  return {
    status: 200,
    text: sitemap(locals.site),
    contentType: "application/xml; charset=utf-8",
  };
}

export const GET: APIRoute = (context) => asResponse(file(context));
