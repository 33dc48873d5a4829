import { cn } from "../lib/cn.ts";

/** The Blogfleet mark (the same drawing as the favicon). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <path
        d="M9 22V10h7.5a3.5 3.5 0 0 1 0 7H9m7.5 0a3 3 0 0 1 0 5H9"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
