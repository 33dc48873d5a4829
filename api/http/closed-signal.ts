import type { Response } from "express";

/**
 * Aborted when the client goes away before the answer is sent (the owner cancelled or closed
 * the editor): a model call still under way for it ends instead of spending tokens.
 */
export function closedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
