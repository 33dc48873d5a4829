import { useSyncExternalStore } from "react";

/** Under 768 px wide the sidebar becomes a slide-in panel. */
export const mobileBreakpointPx = 768;
const query = `(max-width: ${mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
