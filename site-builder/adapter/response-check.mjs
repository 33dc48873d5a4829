/**
 * A Vite plugin for the theme's build (decision 271): Astro's rendering runtime asks
 * `chunk instanceof Response` of every component's result and chunk. Reading the global
 * `Response` makes Node load its fetch implementation (undici, with http2, tls and more of its
 * internals): ~40–80 ms of CPU on each render thread at its first page, for pages that never
 * make a Response. The runtime's checks become `isResponse(chunk)`, which reads the global only
 * for a value whose `Symbol.toStringTag` says "Response" and then asks `instanceof` as before:
 * any value that is a Response gives the same answer, and the rest never touch the global.
 */
const runtime = /[\\/]node_modules[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]/;
const check = /\b([A-Za-z_$][\w$]*) instanceof Response\b/g;

const isResponseSource =
  'const __blogfleetIsResponse = (value) => typeof value === "object" && value !== null && value[Symbol.toStringTag] === "Response" && value instanceof Response;\n';

export function responseCheckWithoutFetch() {
  return {
    name: "blogfleet-response-check-without-fetch",
    transform(code, id) {
      if (!runtime.test(id) || !code.includes("instanceof Response")) return undefined;
      return {
        code: isResponseSource + code.replace(check, "__blogfleetIsResponse($1)"),
        map: null,
      };
    },
  };
}
