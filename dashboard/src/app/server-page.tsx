import { useEffect } from "react";
import { useLocation } from "react-router";
import { NotFoundPage } from "../features/not-found/components/not-found-page.tsx";

/**
 * Public blog pages (`/blog/{slug}…`, and '/' or '/post/{slug}' on a blog's own host) are
 * rendered by the server. Reached by a link inside the app, the page is loaded from the server
 * (replacing the app's history entry, so Back returns to where the reader was). If the server
 * itself answered this address with the app, reloading would loop: say the page is not here.
 */
export function ServerPage() {
  const location = useLocation();
  const servedByUs = location.key === "default";
  useEffect(() => {
    if (!servedByUs) {
      window.location.replace(`${location.pathname}${location.search}${location.hash}`);
    }
  }, [servedByUs, location]);
  if (servedByUs) {
    return (
      <main className="flex min-h-svh flex-col">
        <NotFoundPage />
      </main>
    );
  }
  return (
    <p role="status" className="py-16 text-center text-sm text-muted-foreground">
      Loading...
    </p>
  );
}
