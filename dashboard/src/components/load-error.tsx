import { AlertCircleIcon, RefreshCwIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";

/**
 * What a screen or a card shows when its data could not be loaded: an alert with a title, an
 * optional message and a retry button. The texts are the screen's own (each is worded per
 * screen: 'Retry' or 'Try again', 'Failed to Load Posts' or 'Error loading affiliate links').
 * - `page`: the whole content area (centered, large icon);
 * - `banner`: the top of a screen whose content is missing (left-aligned, tinted);
 * - `card`: inside a card or a dialog (a small bordered box);
 * - `inline`: one line beside a control.
 */
export function LoadError({
  variant,
  title,
  message,
  retryLabel,
  retryingLabel,
  isRetrying = false,
  onRetry,
  className,
}: {
  variant: "page" | "banner" | "card" | "inline";
  title?: ReactNode;
  message?: ReactNode;
  retryLabel: string;
  /** Shown on the button while `isRetrying` (it is disabled then); defaults to `retryLabel`. */
  retryingLabel?: string;
  isRetrying?: boolean;
  /** Without it there is no retry button. */
  onRetry?: () => void;
  className?: string;
}) {
  const retry = onRetry && (
    <Button
      variant="outline"
      size={variant === "card" || variant === "inline" ? "sm" : "default"}
      disabled={isRetrying}
      onClick={onRetry}
    >
      {(variant === "page" || variant === "banner") && <RefreshCwIcon aria-hidden="true" />}
      {isRetrying ? (retryingLabel ?? retryLabel) : retryLabel}
    </Button>
  );

  if (variant === "inline") {
    return (
      <div role="alert" className={cn("flex flex-wrap items-center gap-3 pt-1 text-sm", className)}>
        <span className="text-error">{message ?? title}</span>
        {retry}
      </div>
    );
  }
  if (variant === "card") {
    return (
      <div
        role="alert"
        className={cn("space-y-3 rounded-lg border border-error/40 p-4", className)}
      >
        <p className="text-sm font-medium">{title}</p>
        {message && <p className="text-sm text-muted-foreground">{message}</p>}
        {retry}
      </div>
    );
  }
  if (variant === "banner") {
    return (
      <div
        role="alert"
        className={cn(
          "flex flex-col items-start gap-3 rounded-xl border border-error/40 bg-error/5 p-6",
          className,
        )}
      >
        <div className="flex items-center gap-2">
          <AlertCircleIcon aria-hidden="true" className="size-5 text-error" />
          <h2 className="font-semibold">{title}</h2>
        </div>
        {message && <p className="text-sm text-muted-foreground">{message}</p>}
        {retry}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border border-error/40 px-6 py-12 text-center",
        className,
      )}
    >
      <AlertCircleIcon aria-hidden="true" className="size-10 text-error" />
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      {message && <p className="max-w-md text-sm text-muted-foreground">{message}</p>}
      {retry}
    </div>
  );
}
