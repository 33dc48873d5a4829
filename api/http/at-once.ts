import type { Request, RequestHandler, Response } from "express";

type Slot = { free: boolean; working: boolean };
const slotOf = (res: Response) => res.locals.atOnceSlot as Slot | undefined;

/**
 * At most `limit` requests of one signed-in owner in progress at once in this process (run after
 * `requireUser`), answered beyond that with 429 and `message` in the API's error format. For
 * work that holds memory and a place in a queue per request (an upload's body waits, whole, for
 * the image queue): an hourly count cannot bound how many of them run at the same moment.
 *
 * `take` holds a place from the request's start; `holdWhile(handler)` keeps it until the handler
 * ends, even when the client has gone away meanwhile (its work goes on), and frees it then.
 * Without the handler (refused earlier, or the client left while sending), the place is freed
 * when the answer is sent or the connection closes. The count is this process's: what it
 * bounds (memory, the image queue) is per process too.
 */
export function perOwnerAtOnce(limit: number, message: string) {
  const running = new Map<string, number>();
  const keyOf = (req: Request) => req.user?.id ?? "anonymous";

  const release = (key: string, slot: Slot) => {
    if (slot.free) return;
    slot.free = true;
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  };

  const take: RequestHandler = (req, res, next) => {
    const key = keyOf(req);
    const now = running.get(key) ?? 0;
    if (now >= limit) {
      res.status(429).json({ code: "rate_limited", message });
      return;
    }
    running.set(key, now + 1);
    const slot: Slot = { free: false, working: false };
    res.locals.atOnceSlot = slot;
    res.once("close", () => {
      if (!slot.working) release(key, slot);
    });
    next();
  };

  const holdWhile =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response): Promise<void> => {
      const slot = slotOf(res);
      if (slot) slot.working = true;
      try {
        await handler(req, res);
      } finally {
        if (slot) release(keyOf(req), slot);
      }
    };

  return { take, holdWhile };
}
