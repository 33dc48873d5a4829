/**
 * How the renderer asks the theme for a page. The URL path names the page; `Astro.locals`
 * carries the blog (`site`) and what only the server knows: the home link of error pages,
 * which are served at any depth (`homeHref`, default "/"). Nothing else is read from the
 * request.
 */
export function homeHrefOf(locals: App.Locals): string {
  return locals.homeHref ?? "/";
}
