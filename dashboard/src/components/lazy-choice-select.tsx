import { ChevronDownIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { cn } from "../lib/cn.ts";
import type { ChoiceSelectProps } from "./choice-select.tsx";
import { fieldClasses } from "./ui/input.tsx";

const LoadedChoiceSelect = lazy(async () => ({
  default: (await import("./choice-select.tsx")).ChoiceSelect,
}));

/**
 * `ChoiceSelect` for a screen's first render (issue 20, decision 261): its code (Radix Select,
 * Floating UI, focus and scroll locks: a dozen chunks) loads beside the screen instead of
 * before it, since a screen's module runs only once every chunk it imports is in. Until then
 * a stand-in shows the same closed trigger, with the current choice, and takes no input.
 */
export function LazyChoiceSelect(props: ChoiceSelectProps) {
  return (
    <Suspense fallback={<ChoiceSelectStandIn {...props} />}>
      <LoadedChoiceSelect {...props} />
    </Suspense>
  );
}

/** The closed trigger as Radix Select draws it (ui/select.tsx), inert until the select loads. */
export function ChoiceSelectStandIn({ labelledBy, value, choices, className }: ChoiceSelectProps) {
  return (
    <button
      type="button"
      role="combobox"
      aria-labelledby={labelledBy}
      aria-expanded={false}
      aria-disabled={true}
      data-slot="select-trigger"
      className={cn(
        fieldClasses,
        "flex h-9 items-center justify-between gap-2 py-1 text-left [&>span]:truncate",
        className,
      )}
    >
      <span>{choices.find((choice) => choice.value === value)?.label}</span>
      <ChevronDownIcon aria-hidden="true" className="size-4 shrink-0 opacity-60" />
    </button>
  );
}
