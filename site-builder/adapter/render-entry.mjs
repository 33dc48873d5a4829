import { createApp } from "astro/app/entrypoint";

/**
 * The theme's server entry, bundled by `astro build` with Astro's runtime. Every page and file
 * of a blog (on request, in a preview, in a full or incremental render, on a worker thread or
 * not) is rendered by `render`, Astro's adapter API: one path, no Astro internals. Astro hands
 * each request to the theme's fetch handler (fetch.mjs: the matched page or endpoint). One app
 * per thread, made when the entry loads.
 */
const app = createApp();

/**
 * The theme's inline CSS with every non-ASCII character written as a CSS escape (`›` as
 * `\203a `: the same CSS). The build's minifier turns escapes in theme.css back into the
 * characters, and one such character makes every page a two-byte string in V8: twice the
 * memory while it is built, and a slower UTF-8 encoding (decision 270). Done once, on the
 * route data of the manifest the app renders from.
 */
for (const route of app.manifest.routes) {
  for (const style of route.styles) {
    if (style.type === "inline") style.content = asciiCss(style.content);
  }
}

function asciiCss(css) {
  return css.replace(/[\u0080-\u{10ffff}]/gu, (c) => `\\${c.codePointAt(0).toString(16)} `);
}

/** Renders one page of the theme: the request names the page, `locals` carries the blog's data. */
export function render(request, locals) {
  return app.render(request, { locals });
}
