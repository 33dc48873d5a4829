import type { RequestHandler } from "express";
import { Forbidden } from "./errors.ts";

// What the dashboard's fetches (`empty`) and navigations (`document`) send; anything else is an
// image, script, style, font, frame, worker… pointing at the API from some page.
const apiDestinations = new Set(["empty", "document"]);

/**
 * `/api/*` answers only fetches and top-level navigations (issue 13, finding 6): an
 * `<img src="/api/logout">` in a post read under `/blog/{slug}/` is same-origin and carries the
 * session cookie, so its Sec-Fetch-Dest is what gives it away. Requests without Fetch Metadata
 * (older browsers, API clients) are not affected.
 */
export const apiFetchesOnly: RequestHandler = (req, _res, next) => {
  const dest = req.get("sec-fetch-dest");
  if (dest !== undefined && req.path.startsWith("/api/") && !apiDestinations.has(dest)) {
    return next(
      Forbidden(
        "This address answers the dashboard's requests and links only, not images, scripts or frames.",
        "subresource_refused",
      ),
    );
  }
  next();
};

/** Sec-Fetch-Site of a request a person started here: typed or bookmarked (`none`), or a link on the app. */
export function startedOnTheApp(site: string | undefined): boolean {
  return site === undefined || site === "same-origin" || site === "none";
}
