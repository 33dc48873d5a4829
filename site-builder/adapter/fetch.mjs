import { FetchState, pages } from "astro/fetch";

/**
 * How the theme answers a request (Astro's fetch handler, `astro/fetch`): the matched page or
 * endpoint rendered, nothing else. The theme has no middleware, sessions, actions, i18n, cache,
 * configured redirects or trailing-slash rule, so Astro's default pipeline would only set up
 * those steps per page to skip them. A theme that adds one must call its handler here
 * (`middleware`, `sessions`, … from `astro/fetch`).
 */
export default {
  fetch: (request) => pages(new FetchState(request)),
};
