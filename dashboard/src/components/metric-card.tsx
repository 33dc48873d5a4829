import type { LucideIcon } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { Card } from "./ui/card.tsx";

/** A title, a value, an icon and optional trend text, positive or negative. */
export function MetricCard({
  title,
  value,
  icon: Icon,
  trend,
}: {
  title: string;
  value: number | string;
  icon: LucideIcon;
  trend?: { text: string; positive: boolean };
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      <p className="mt-2 text-3xl font-bold tabular-nums">{value}</p>
      {trend && (
        <p
          data-trend={trend.positive ? "positive" : "negative"}
          className={cn("mt-1 text-xs", trend.positive ? "text-success" : "text-error")}
        >
          {trend.text}
        </p>
      )}
    </Card>
  );
}
