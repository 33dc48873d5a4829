/**
 * The version of what a post body becomes before readers get it: the sanitizer
 * (`sanitize.ts`, `contracts/html-allowlist.ts`), the routing of affiliate buttons and the
 * keyword linking (`site-builder/affiliate/`). Prepared bodies are stored with it (decision
 * 152): bump it with any change to what those return, and every stored body is prepared again.
 * A module of its own, so reading it does not load sanitize-html.
 */
export const sanitizerVersion = 2;
