import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "./use-toast.ts";

const Toaster = lazy(async () => ({ default: (await import("./toaster.tsx")).Toaster }));
const ToasterWithFocus = lazy(async () => {
  const { Toaster } = await import("./toaster.tsx");
  return {
    default: () => {
      // Pressed F8 before the toast area existed: focus it as Radix's own hotkey would.
      useEffect(() => {
        document.querySelector<HTMLElement>('[data-slot="toast-viewport"]')?.focus();
      }, []);
      return <Toaster />;
    },
  };
});

/**
 * The toast area, loaded on first use (decision 172): Radix Toast is not part of the first
 * screen's code. It mounts when the first toast is announced, or when F8 asks for the
 * notifications, and stays mounted from then on, so every later toast is the plain `Toaster`.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState<"toast" | "focus" | null>(null);
  const mount = wanted ?? (toasts.length > 0 ? "toast" : null);

  useEffect(() => {
    if (mount) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8" || event.code === "F8") setWanted("focus");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mount]);

  useEffect(() => {
    if (mount && !wanted) setWanted(mount);
  }, [mount, wanted]);

  if (!mount) return null;
  return (
    <Suspense fallback={null}>{mount === "focus" ? <ToasterWithFocus /> : <Toaster />}</Suspense>
  );
}
