import type { Post } from "@contracts/posts.ts";
import { statusOf } from "../../../lib/api-client.ts";

/**
 * The post as saved now, when a save was refused as stale (409 or 412 `stale_version`,
 * decision 095); null for any other error.
 */
export function staleCurrentOf(error: unknown): Post | null {
  const status = statusOf(error);
  if (status !== 409 && status !== 412) return null;
  const message = (error as Error).message;
  try {
    const body = JSON.parse(message.slice(message.indexOf(": ") + 2)) as {
      code?: string;
      current?: Post;
    };
    return body.code === "stale_version" && body.current ? body.current : null;
  } catch {
    return null;
  }
}
