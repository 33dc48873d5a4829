import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";

/**
 * Asks before leaving with changes the server does not have yet: the router's blocker for
 * links inside the app, `beforeunload` (the browser's own question) for closing or reloading
 * the tab. Returns the dialog for in-app navigation.
 */
export function useLeaveGuard(isDirty: () => boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      // A new post's first save renames the address; the same editor stays (decision 351).
      !(nextLocation.state as { editorKey?: string } | null)?.editorKey &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [isDirty]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title="Leave without saving?"
      description="Your latest changes are not saved yet. Stay to let them save, or leave: they stay on this device and are offered back when you open this post again."
      cancelLabel="Stay"
      confirmLabel="Leave"
      onConfirm={async () => blocker.state === "blocked" && blocker.proceed()}
    />
  );
}
