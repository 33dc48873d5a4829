import { XIcon } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { focusRing } from "./ui/button.tsx";

/**
 * A post's words as removable chips (tags, focus keywords): a labelled list, each chip with a
 * remove button named for it. Read-only, the chips have no buttons and an empty list says
 * `emptyText`.
 */
export function ChipList({
  label,
  items,
  slot,
  removeLabel,
  onRemove,
  readOnly = false,
  emptyText,
}: {
  /** The list's accessible name. */
  label: string;
  items: readonly string[];
  /** `data-slot` of each chip's text. */
  slot: string;
  /** The remove button's name for one item. */
  removeLabel: (item: string) => string;
  onRemove: (item: string) => void;
  readOnly?: boolean;
  emptyText: string;
}) {
  if (items.length === 0) {
    return readOnly ? <p className="text-sm text-muted-foreground">{emptyText}</p> : null;
  }
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item}
          className="inline-flex items-center gap-1 rounded-full bg-secondary px-2.5 py-0.5 text-xs text-secondary-foreground"
        >
          <span data-slot={slot}>{item}</span>
          {!readOnly && (
            <button
              type="button"
              onClick={() => onRemove(item)}
              className={cn("rounded-full p-0.5 hover:bg-accent", focusRing)}
            >
              <XIcon aria-hidden="true" className="size-3" />
              <span className="sr-only">{removeLabel(item)}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
