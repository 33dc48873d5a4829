import type { CSSProperties, ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "./sheet.tsx";

/** The sidebar as a slide-in panel under 768 px, loaded only on such screens. */
export function MobileSidebar({
  open,
  onOpenChange,
  width,
  label,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground"
        style={{ "--sidebar-width": width } as CSSProperties}
      >
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <SheetDescription className="sr-only">
          Move between the dashboard's screens.
        </SheetDescription>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
