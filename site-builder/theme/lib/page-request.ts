/**
 * How the renderer asks the theme for a page. The URL path names the page; two headers
 * carry what only the server knows: the home link for error pages (which are served at
 * any depth) — everything else comes from `Astro.locals.site`.
 */
export const homeHrefHeader = "x-blogfleet-home";

export function homeHrefOf(request: Request): string {
  return request.headers.get(homeHrefHeader) ?? "/";
}
