import type { AiRefusal } from "../../ai/gate.ts";
import { HttpError } from "../../http/errors.ts";

/** What the automation status says while the gate refuses the owner's calls. */
export function skipReasonOf(refusal: AiRefusal): string {
  switch (refusal.code) {
    case "ai_daily_limit":
      return "Paused: today's AI allowance is used up. The next post is written after midnight UTC.";
    case "ai_instance_limit":
      return "Paused: this server's AI allowance for today is used up. The next post is written after midnight UTC.";
    case "ai_rate_limited":
      return "Waiting: too many AI requests this minute. The post is written within a few minutes.";
  }
}

/**
 * What the automation status says after a run failed: the AI provider's own plain message
 * (it never carries a key or a server's internals), or that the server failed.
 */
export function failureReasonOf(error: unknown): string {
  const said =
    error instanceof HttpError && error.code === "ai_failed"
      ? // Its advice to a person ("Try again.") is what automation does anyway.
        error.message.replace(/\s*Try again[^.]*\.$/, "")
      : "An error on the server stopped it.";
  return `The last post could not be written: ${said} Automation tries again within a minute.`;
}
