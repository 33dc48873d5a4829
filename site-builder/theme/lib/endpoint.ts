/**
 * The theme's endpoints (feeds, sitemap, robots.txt) as plain data: `file` gives their status,
 * text and content type, and their `GET` wraps that in the `Response` Astro's server wants.
 * They are rendered like every page, through the theme's one entry (`render`, Astro's adapter
 * API); `file` keeps what an endpoint answers testable without a Response.
 */
export type EndpointFile = {
  status: number;
  text: string;
  /** The Content-Type header; a Response's default (text/plain) when absent. */
  contentType?: string;
};

export type EndpointInput = { locals: App.Locals; params: Record<string, string | undefined> };

export function asResponse(file: EndpointFile): Response {
  return new Response(file.text, {
    status: file.status,
    ...(file.contentType ? { headers: { "Content-Type": file.contentType } } : {}),
  });
}
