import { FetchState, pages } from "astro/fetch";

/**
 * How the theme answers a request (Astro's fetch handler, `astro/fetch`): the matched page or
 * endpoint rendered, nothing else. The theme has no middleware, sessions, actions, i18n, cache,
 * configured redirects or trailing-slash rule, so Astro's default pipeline would only set up
 * those steps per page to skip them. A theme that adds one must call its handler here
 * (`middleware`, `sessions`, … from `astro/fetch`).
 */
export default {
  fetch: (request) => {
    const state = new FetchState(request);
    // A page is read whole (written to a file, cached, or sent with its length), so it is
    // rendered to one string: streaming encodes every chunk on its own, which cost a full
    // render of 1,000 posts about a tenth of its time. (`createApp`'s own `streaming` option
    // reaches only Astro's default handler, not this one.)
    state.streaming = false;
    return pages(state);
  },
};
