import { AlertCircleIcon, RefreshCwIcon } from "lucide-react";
import { errorMessage } from "../lib/api-client.ts";
import { Button } from "./ui/button.tsx";

/** Spec sections 2.3 and 8: 'Failed to Load Posts' with the error's message and Retry. */
export function PostsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-error/40 px-6 py-12 text-center"
    >
      <AlertCircleIcon aria-hidden="true" className="size-10 text-error" />
      <h2 className="text-lg font-semibold">Failed to Load Posts</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {errorMessage(error, "An error occurred while fetching your posts.")}
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** Spec section 2.3: 'Loading posts...'. */
export function PostsLoading() {
  return (
    <p role="status" className="py-16 text-center text-sm text-muted-foreground">
      Loading posts...
    </p>
  );
}
