import { HammerIcon } from "lucide-react";

/** Stands in for a screen whose content arrives in a later issue. */
export function ScreenPlaceholder({ children }: { children?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <HammerIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">Coming soon</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {children ?? "This screen is being built and arrives in an upcoming release."}
      </p>
    </div>
  );
}
