import { contentLimitMessage, contentUsage } from "@contracts/content-length.ts";
import { useMemo } from "react";
import { cn } from "../../lib/cn.ts";

/** From this share of the limit the meter warns. */
const warnAt = 0.9;

/**
 * How close the content is to its limit, counted as the server counts it (decision 098):
 * characters in any script, markup included.
 */
export function ContentLimitMeter({ content, id }: { content: string; id?: string }) {
  const { used, max, ratio } = useMemo(() => contentUsage(content), [content]);
  const over = used > max;
  const near = !over && ratio >= warnAt;
  return (
    <p
      id={id}
      data-slot="content-limit"
      className={cn(
        "text-xs text-muted-foreground",
        near && "font-medium text-foreground",
        over && "font-medium text-error",
      )}
    >
      {used.toLocaleString("en-US")} / {max.toLocaleString("en-US")} characters
      {over ? ` — too long to save. ${contentLimitMessage}.` : near ? " — close to the limit" : ""}
    </p>
  );
}
