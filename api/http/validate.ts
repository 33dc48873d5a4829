import type { RequestHandler } from "express";
import type { z } from "zod";
import { ValidationFailed } from "./errors.ts";

type Schemas = {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
};

export type Validated<B = unknown, Q = unknown, P = unknown> = { body: B; query: Q; params: P };

declare global {
  namespace Express {
    interface Locals {
      input: Validated<unknown, unknown, unknown>;
    }
  }
}

/**
 * Parses body, query and params with zod at the edge. Every problem is listed in one
 * 400 answer. Objects parse with zod's default (strip), so unknown fields never reach
 * a service and can never be stored.
 */
export function validate(schemas: Schemas): RequestHandler {
  return (req, res, next) => {
    const issues: { path: string; message: string }[] = [];
    const input: Validated = { body: undefined, query: undefined, params: undefined };
    for (const part of ["params", "query", "body"] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const raw = part === "body" ? (req.body ?? {}) : req[part];
      const result = schema.safeParse(raw);
      if (result.success) {
        input[part] = result.data;
      } else {
        for (const issue of result.error.issues) {
          issues.push({ path: issue.path.map(String).join("."), message: issue.message });
        }
      }
    }
    if (issues.length > 0) {
      next(ValidationFailed(issues));
      return;
    }
    res.locals.input = input;
    next();
  };
}

/** The input `validate` parsed, typed by the route that declared the schema. */
export function inputOf<B = unknown, Q = unknown, P = unknown>(res: {
  locals: { input: Validated<unknown, unknown, unknown> };
}): Validated<B, Q, P> {
  return res.locals.input as Validated<B, Q, P>;
}
