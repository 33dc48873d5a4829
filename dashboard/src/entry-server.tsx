/**
 * The server's render of a signed-in owner's first screen (decision 300): All Posts with its
 * first cards, or the Dashboard home with its newest posts, as the browser would draw it, so
 * they are on screen before the dashboard's code has run; the browser then hydrates it (`main.tsx`). Built by Vite into the dashboard's
 * build (`.ssr/entry-server.js`, vite.config.ts) and loaded by the API on first use
 * (api/http/dashboard.ts).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { App } from "./app/app.tsx";
import { type FirstScreen, firstScreenJson } from "./app/first-screen.ts";
import { resolveLazyRoutes, routesFor } from "./app/routes.tsx";
import { withRequestCookie } from "./lib/request-cookies.ts";

export type { FirstScreen };

/**
 * The markup of `#root` for `url` (a path and query), rendered with the request's cookies
 * (theme, sidebar, selected blog, time zone) and the answers in `screen`, and the JSON that
 * carries those answers to the browser.
 */
export async function renderFirstScreen(
  url: string,
  cookie: string,
  screen: FirstScreen,
): Promise<{ html: string; data: string }> {
  const routes = routesFor("signed-in");
  await resolveLazyRoutes(routes, new URL(url, "http://localhost").pathname);
  const html = withRequestCookie(cookie, () =>
    renderToString(
      <StrictMode>
        <App
          firstScreen={screen}
          signedInRoutes={routes}
          makeRouter={(matched) => createMemoryRouter(matched, { initialEntries: [url] })}
        />
      </StrictMode>,
    ),
  );
  return { html, data: firstScreenJson(screen) };
}
