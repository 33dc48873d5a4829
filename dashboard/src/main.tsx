import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { startEarlyRequests } from "./app/early-requests.ts";
import { readFirstScreen } from "./app/first-screen.ts";
import { resolveLazyRoutes, routesFor } from "./app/routes.tsx";
import { rememberTimeZone } from "./lib/format-date.ts";
import { readCookie, writePreferenceCookie } from "./lib/request-cookies.ts";
import {
  readStoredBlogId,
  resolveSelectedBlogId,
  selectedBlogStorageKey,
} from "./lib/selected-blog.ts";
import { applyTheme, cookieTheme, readStoredTheme, themeStorageKey } from "./lib/theme.ts";
import "./styles.css";

// Before the first render, so a dark theme never flashes light (the CSP forbids inline scripts).
const theme = readStoredTheme();
applyTheme(theme);

// What the server renders the next first screen with (decision 300): this browser's time zone,
// theme and blog, kept in cookies. A page rendered with other ones is rendered again here.
const storedBlogId = readStoredBlogId();
const renderedTheme = cookieTheme();
if (renderedTheme !== theme) writePreferenceCookie(themeStorageKey, theme);
if (storedBlogId && readCookie(selectedBlogStorageKey) !== storedBlogId) {
  writePreferenceCookie(selectedBlogStorageKey, storedBlogId);
}
rememberTimeZone();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const firstScreen = readFirstScreen();
if (
  firstScreen &&
  renderedTheme === theme &&
  resolveSelectedBlogId(firstScreen.blogs, storedBlogId) === firstScreen.blogId
) {
  // The server rendered this screen (decision 300): its code, already preloaded, goes into the
  // routes, then React takes over the server's markup instead of drawing it again.
  // (No top-level await: the entry's modules would be split out for the chunks that import them.)
  const signedInRoutes = routesFor("signed-in");
  void resolveLazyRoutes(signedInRoutes, window.location.pathname).then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <App firstScreen={firstScreen} signedInRoutes={signedInRoutes} />
      </StrictMode>,
    ),
  );
} else {
  // Before React starts: the first screen's data is on its way while its code loads.
  startEarlyRequests();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
