/**
 * What the theme's server bundle gets for `zod/v4` (decision 242). Astro's runtime imports zod
 * only to build its CSP config's schemas when the module loads (astro/dist/core/csp/config.js);
 * a render never validates with them, and the theme has no CSP, actions or content collections.
 * Loading zod cost each render thread ~40 ms of CPU. Building a schema here gives an inert
 * value; validating with one throws, so a runtime use of zod cannot pass unnoticed.
 */
const refuse = () => {
  throw new Error(
    "zod is left out of the theme's server bundle (site-builder/adapter/zod-stub.mjs)",
  );
};
const validators = new Set([
  "parse",
  "safeParse",
  "parseAsync",
  "safeParseAsync",
  "decode",
  "encode",
]);
const inert = new Proxy(function schema() {}, {
  get: (_, key) => (typeof key === "string" && validators.has(key) ? refuse : inert),
  apply: () => inert,
});

export {
  inert as custom,
  inert as enum,
  inert as object,
  inert as string,
  inert as union,
  inert as ZodIssueCode,
};
