import { XIcon } from "lucide-react";
import * as SheetPrimitive from "radix-ui/dialog";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { focusRing } from "./button.tsx";

/** A panel sliding in from the left edge (the sidebar on narrow screens), built on Dialog. */
export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

export function SheetContent({
  className,
  children,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex h-full flex-col border-r shadow-lg outline-none",
          "data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left",
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          className={cn(
            "absolute top-3 right-3 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 [&_svg]:size-4",
            focusRing,
          )}
        >
          <XIcon aria-hidden="true" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
