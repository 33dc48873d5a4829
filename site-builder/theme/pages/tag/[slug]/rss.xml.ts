import type { APIRoute } from "astro";
import { asResponse, type EndpointFile, type EndpointInput } from "../../../lib/endpoint.ts";
import { rssFeed } from "../../../lib/feeds.ts";
import { tagsOf } from "../../../lib/site.ts";
import { paths } from "../../../lib/urls.ts";

export function file({ locals, params }: EndpointInput): EndpointFile {
  const { site } = locals;
  const tagged = site ? tagsOf(site).get(params.slug ?? "") : undefined;
  if (!site || !tagged) return { status: 404, text: "Tag not found" };
  const title = `${site.blog.name}: ${tagged.tag.name}`;
  return {
    status: 200,
    text: rssFeed(site, tagged.posts, title, paths.tag(tagged.tag.slug)),
    contentType: "application/rss+xml; charset=utf-8",
  };
}

export const GET: APIRoute = (context) => asResponse(file(context));
