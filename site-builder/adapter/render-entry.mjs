import { createApp } from "astro/app/entrypoint";
import { renderToString } from "astro/runtime/server/index.js";

const app = createApp({ streaming: false });

/**
 * The theme's inline CSS with every non-ASCII character written as a CSS escape (`›` as
 * `\203a `: the same CSS). The build's minifier turns escapes in theme.css back into the
 * characters, and one such character makes every page a two-byte string in V8: twice the
 * memory while it is built, and a slower UTF-8 encoding (decision 270). Done once, on the
 * manifest both `render` and `renderPage` read, so both give the same bytes.
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

const encoder = new TextEncoder();
let scratch = new Uint8Array(0);

/**
 * A page's UTF-8 bytes: encoded into a buffer kept for the next page, then copied out at their
 * exact length. `encode` measures the string's UTF-8 length in a pass of its own and allocates
 * per page; this took ~30–40% less of a render thread's encoding time over a 1,000-post full
 * render (decision 290). A UTF-8 encoding is at most three bytes per UTF-16 code unit.
 */
function utf8(text) {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.slice(0, written);
}

/**
 * What a page of one route needs that does not change from page to page: the component, the
 * head's elements, the result's constant fields. Made at the route's first page.
 */
const routes = new Map();

/**
 * Renders a page of the theme straight to its UTF-8 bytes, for a full render's threads
 * (decision 240): Astro's own route table, component and `renderToString`, with the result and
 * `Astro` global built here instead of by `app.render` per page, so no Request, Response, URL,
 * cookies or per-request state is made for a page that uses none of them. An endpoint that
 * answers as plain data (its module's `file`, theme/lib/endpoint.ts) is called the same way
 * (decision 291). Answers `undefined` for what it does not render this way (redirect routes,
 * other endpoints, paths no route matches, encoded paths): the caller asks `render` then. The
 * output is byte-identical to `render`'s (compared over a 1,000-post blog, and by
 * theme.test.ts and render-workers.test.ts).
 */
export async function renderPage(pathname, locals) {
  if (pathname.includes("%")) return undefined;
  const match = app.manifestData.router.match(pathname, { allowWithoutBase: true });
  if (match.type !== "match" || (match.route.type !== "page" && match.route.type !== "endpoint"))
    return undefined;
  const routeData = match.route;
  let route = routes.get(routeData);
  if (!route) {
    route = prepareRoute(routeData);
    routes.set(routeData, route);
    // A failure is the page's (thrown below), not the route's for good.
    route.catch(() => routes.delete(routeData));
  }
  const prepared = await route;
  if (!prepared) return undefined;
  if (prepared.file) {
    const answer = prepared.file({ locals, params: pageParams(routeData, pathname) });
    return { status: answer.status, body: utf8(answer.text) };
  }
  const { component, head } = prepared;
  return renderWith(routeData, component, head, pathname, locals);
}

/**
 * The route's constants (an endpoint's `file` function), or `null` when the page needs what
 * only `render` does: the theme grew client scripts, a linked stylesheet, server islands, a
 * content security policy, i18n, sessions, a cache or middleware (the theme's is Astro's no-op,
 * which `render` skips too), or an endpoint answers only with a Response.
 */
async function prepareRoute(routeData) {
  const manifest = app.manifest;
  if (
    manifest.csp ||
    manifest.shouldInjectCspMetaTags ||
    manifest.i18n ||
    manifest.sessionConfig ||
    manifest.cacheConfig ||
    manifest.cacheProvider ||
    manifest.allowedDomains?.length ||
    manifest.base !== "/" ||
    routeData.prerender ||
    routeData.fallbackRoutes.length > 0
  )
    return null;
  const middleware = await manifest.middleware?.();
  if (middleware && String(middleware.onRequest) !== "(_, next) => next()") return null;
  const load = manifest.pageMap?.get(routeData.component);
  if (!load) return null;
  const module = await (await load()).page();
  if (routeData.type === "endpoint") {
    return typeof module.file === "function" ? { file: module.file } : null;
  }
  const component = module.default;
  if (!component?.isAstroComponentFactory) return null;
  const info = manifest.routes.find((r) => r.routeData.route === routeData.route);
  if (!info || info.scripts.length > 0 || info.links.length > 0) return null;
  if (info.styles.some((s) => s.type !== "inline")) return null;
  const styles = info.styles.map((s) => ({ props: {}, children: s.content }));
  return { component, head: { styles } };
}

const unavailable = (name) => () => {
  throw new Error(`Astro.${name} is not available to the theme's pages (render-entry.mjs)`);
};

async function renderWith(routeData, component, head, pathname, locals) {
  const manifest = app.manifest;
  const params = pageParams(routeData, pathname);
  // A page's response carries its status only: the files a full render writes have no headers.
  const response = {
    status: /^\/(404|500)$/.test(routeData.route) ? Number(routeData.route.slice(1)) : 200,
    statusText: "OK",
    get headers() {
      return unavailable("response.headers")();
    },
  };
  let request;
  const requestOf = () => {
    request ??= new Request(`http://blog.invalid${pathname}`);
    return request;
  };
  let partial;
  const result = {
    base: manifest.base,
    userAssetsBase: manifest.userAssetsBase,
    cancelled: false,
    clientDirectives: manifest.clientDirectives,
    inlinedScripts: manifest.inlinedScripts,
    componentMetadata: manifest.componentMetadata,
    compressHTML: manifest.compressHTML,
    get cookies() {
      return unavailable("cookies")();
    },
    createAstro(props) {
      partial ??= astroPartial(routeData, result, params, locals, requestOf, pathname);
      return Object.assign(Object.create(partial), { props, self: null });
    },
    links: new Set(),
    params,
    partial: false,
    pathname,
    renderers: manifest.renderers,
    resolve: unavailable("resolve"),
    response,
    get request() {
      return requestOf();
    },
    scripts: new Set(),
    styles: new Set(head.styles),
    actionResult: undefined,
    getServerIslandNameMap: unavailable("getServerIslandNameMap"),
    key: manifest.key,
    trailingSlash: manifest.trailingSlash,
    _metadata: {
      hasHydrationScript: false,
      rendererSpecificHydrationScripts: new Set(),
      hasRenderedHead: false,
      renderedScripts: new Set(),
      hasDirectives: new Set(),
      hasRenderedServerIslandRuntime: false,
      headInTree: false,
      extraHead: [],
      extraStyleHashes: [],
      extraScriptHashes: [],
      propagators: new Set(),
      routeHasPropagation: false,
      pendingSlotEvaluations: [],
      templateDepth: 0,
    },
    cspDestination: "header",
    shouldInjectCspMetaTags: false,
    cspAlgorithm: "SHA-256",
    directives: [],
    scriptHashes: [],
    scriptResources: [],
    styleHashes: [],
    styleResources: [],
    isStrictDynamic: false,
    scriptDirective: { resources: [], hashes: [], strictDynamic: false },
    styleDirective: { resources: [], hashes: [] },
    speculationRulesContent: undefined,
    internalFetchHeaders: manifest.internalFetchHeaders,
  };
  // What Astro's renderPage does before rendering an .astro page.
  const meta = manifest.componentMetadata.get(component.moduleId);
  result._metadata.headInTree = meta?.containsHead ?? false;
  result._metadata.routeHasPropagation =
    meta?.propagation === "in-tree" || meta?.propagation === "self";
  const body = await renderToString(result, component, {}, {}, true, routeData);
  // A page that answers with a Response (a redirect) is not a file: its status says so.
  if (typeof body !== "string") return { status: body.status, body: new Uint8Array() };
  return { status: response.status, body: utf8(body) };
}

function pageParams(routeData, pathname) {
  if (!routeData.params.length) return {};
  const match = routeData.pattern.exec(pathname);
  const params = {};
  routeData.params.forEach((key, i) => {
    if (key.startsWith("...")) params[key.slice(3)] = match?.[i + 1] ? match[i + 1] : undefined;
    else params[key] = match?.[i + 1];
  });
  return params;
}

function astroPartial(routeData, result, params, locals, requestOf, pathname) {
  let url;
  return {
    get generator() {
      return unavailable("generator")();
    },
    get slots() {
      return unavailable("slots")();
    },
    routePattern: routeData.route,
    isPrerendered: routeData.prerender,
    get cookies() {
      return unavailable("cookies")();
    },
    get clientAddress() {
      return unavailable("clientAddress")();
    },
    get currentLocale() {
      return unavailable("currentLocale")();
    },
    params,
    get preferredLocale() {
      return unavailable("preferredLocale")();
    },
    get preferredLocaleList() {
      return unavailable("preferredLocaleList")();
    },
    locals,
    redirect: (path, status = 302) => new Response(null, { status, headers: { Location: path } }),
    rewrite: unavailable("rewrite"),
    get request() {
      return requestOf();
    },
    response: result.response,
    get site() {
      return unavailable("site")();
    },
    getActionResult: unavailable("getActionResult"),
    callAction: unavailable("callAction"),
    get url() {
      url ??= new URL(`http://blog.invalid${pathname}`);
      return url;
    },
    get originPathname() {
      return pathname;
    },
    get csp() {
      return undefined;
    },
    get logger() {
      return unavailable("logger")();
    },
  };
}
