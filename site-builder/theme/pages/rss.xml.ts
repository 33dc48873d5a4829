import type { APIRoute } from "astro";
import { asResponse, type EndpointFile, type EndpointInput } from "../lib/endpoint.ts";
import { rssFeed } from "../lib/feeds.ts";

export function file({ locals }: EndpointInput): EndpointFile {
  const { site } = locals;
  if (!site) return { status: 404, text: "Blog not found" };
  return {
    status: 200,
    text: rssFeed(site, site.posts, site.blog.name, "/"),
    contentType: "application/rss+xml; charset=utf-8",
  };
}

export const GET: APIRoute = (context) => asResponse(file(context));
