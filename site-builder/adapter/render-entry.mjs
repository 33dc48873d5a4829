import { createApp } from "astro/app/entrypoint";

const app = createApp({ streaming: false });

/** Renders one page of the theme: the request names the page, `locals` carries the blog's data. */
export function render(request, locals) {
  return app.render(request, { locals });
}
