/**
 * The theme's endpoints (feeds, sitemap, robots.txt) answer as plain data: `file` gives their
 * status, text and content type, `GET` wraps that in the `Response` Astro's server wants. A full
 * render's threads call `file` through render-entry's `renderPage` and write the text as it is,
 * so they never build a Request or a Response, nor load Node's fetch classes for them
 * (decision 291).
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
