import { type ReactElement, useLayoutEffect, useRef, useState } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip.tsx";

/**
 * A collapsed sidebar's label for an icon button, opening at once; loaded
 * only once the sidebar is collapsed: expanded, the buttons show their labels themselves.
 * The pointer may already rest on the button when this replaces it: it opens then too.
 */
export function SidebarTooltip({
  label,
  defaultOpen = false,
  children,
}: {
  label: string;
  /** The pointer came onto the button before this replaced it. */
  defaultOpen?: boolean;
  children: ReactElement;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(defaultOpen);
  useLayoutEffect(() => {
    if (triggerRef.current?.matches(":hover")) setOpen(true);
  }, []);
  return (
    <TooltipProvider delayDuration={0}>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild ref={triggerRef}>
          {children}
        </TooltipTrigger>
        <TooltipContent side="right" align="center">
          {label}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
