export * from "./auth.ts";
export * from "./blogs.ts";
export * from "./errors.ts";
export * from "./ids.ts";
export * from "./limits.ts";
export * from "./slug.ts";
export { z } from "./zod.ts";
