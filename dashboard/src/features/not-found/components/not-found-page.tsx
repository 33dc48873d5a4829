import { CompassIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";

/** Any route that is not a screen. */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="flex min-h-[60svh] flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <CompassIcon aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </div>
  );
}
