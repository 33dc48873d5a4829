import type { ErrorRequestHandler, RequestHandler } from "express";
import { contentLimitMessage } from "../../contracts/content-length.ts";
import type { ApiErrorBody } from "../../contracts/errors.ts";
import { isStorageFull } from "../db/write-health.ts";

/** An expected failure: a status, a stable code and a message that says what to do. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiErrorBody["issues"];
  /** More of the answer, beside code and message (a stale save's current post). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    issues?: ApiErrorBody["issues"],
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
  }
}

export const NotFound = (what = "Resource") => new HttpError(404, "not_found", `${what} not found`);
export const Conflict = (message: string, code = "conflict") => new HttpError(409, code, message);
export const Unauthorized = () => new HttpError(401, "unauthorized", "Sign in to continue");
export const Forbidden = (message: string, code = "forbidden") => new HttpError(403, code, message);
export const ValidationFailed = (issues: NonNullable<ApiErrorBody["issues"]>) =>
  new HttpError(
    400,
    "validation_failed",
    issues
      .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
      .join("; "),
    issues,
  );

/** Requests for paths no route serves under /api answer JSON, not the dashboard. */
export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, "route_not_found", "No API endpoint at this path"));
};

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean };

/**
 * The one place errors become responses. Expected errors answer their status and code;
 * anything else is logged with the request id and answers 500 without internals.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const requestId = String(req.id ?? "");
  let status = 500;
  let body: ApiErrorBody;

  if (error instanceof HttpError) {
    status = error.status;
    body = { ...error.details, code: error.code, message: error.message };
    if (error.issues) body.issues = error.issues;
  } else if ((error as BodyParserError).type === "entity.too.large") {
    status = 413;
    const limit = (error as BodyParserError & { limit?: number }).limit ?? 1024 * 1024;
    body = {
      code: "payload_too_large",
      message:
        limit > 1024 * 1024
          ? `Request body is larger than ${(limit / 1_000_000).toFixed(1)} MB, which no post within its limits reaches. ${contentLimitMessage}.`
          : "Request body is larger than 1 MB",
    };
  } else if (error instanceof URIError) {
    // A path the router cannot percent-decode (`/api/posts/%FF`, a lone surrogate's bytes).
    status = 400;
    body = { code: "invalid_path", message: "The address has an invalid %-encoding" };
  } else if ((error as BodyParserError).type === "entity.parse.failed") {
    status = 400;
    body = { code: "invalid_json", message: "Request body is not valid JSON" };
  } else if (
    (error as BodyParserError).expose &&
    typeof (error as BodyParserError).status === "number" &&
    ((error as BodyParserError).status ?? 500) < 500
  ) {
    status = (error as BodyParserError).status ?? 400;
    body = { code: "bad_request", message: (error as Error).message };
  } else if (isStorageFull(error)) {
    // Every write of a request runs in one transaction or alone, so a refused write saved nothing.
    req.log?.error({ err: error, requestId }, "disk full: the request saved nothing");
    status = 507;
    body = {
      code: "storage_full",
      message:
        "The server's disk is full, so nothing was saved. Free up disk space on the server (or ask its administrator to), then try again.",
      requestId,
    };
  } else {
    req.log?.error({ err: error, requestId }, "unexpected error");
    body = {
      code: "internal_error",
      message:
        "Something went wrong on our side. Try again; if it keeps happening, quote the request id.",
      requestId,
    };
  }
  if (res.headersSent) return;
  res.status(status).json(body);
};
