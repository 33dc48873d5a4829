import { ChevronDownIcon } from "lucide-react";
import { type ComponentType, useSyncExternalStore } from "react";
import { cn } from "../lib/cn.ts";
import type { ChoiceSelectProps } from "./choice-select.tsx";
import { fieldClasses } from "./ui/input.tsx";

let loaded: ComponentType<ChoiceSelectProps> | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

/** Loads the select's code once (again after a failure), then tells every stand-in. */
function subscribe(onLoaded: () => void): () => void {
  waiting.add(onLoaded);
  if (loading) return () => waiting.delete(onLoaded);
  loading = import("./choice-select.tsx").then(
    (module) => {
      loaded = module.ChoiceSelect;
      for (const tell of waiting) tell();
    },
    () => {
      loading = undefined;
    },
  );
  return () => waiting.delete(onLoaded);
}

/**
 * `ChoiceSelect` for a screen's first render (issue 20, decision 261): its code (Radix Select,
 * Floating UI, focus and scroll locks: a dozen chunks) loads beside the screen instead of
 * before it, since a screen's module runs only once every chunk it imports is in. Until then
 * a stand-in shows the same closed trigger, with the current choice, and takes no input.
 * The server's render and the hydration of it show the stand-in too (decision 300): the
 * select replaces it once the page is live, so the two renders always match.
 */
export function LazyChoiceSelect(props: ChoiceSelectProps) {
  const Select = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
  return Select ? <Select {...props} /> : <ChoiceSelectStandIn {...props} />;
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
