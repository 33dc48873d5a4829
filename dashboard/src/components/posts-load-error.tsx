import { errorMessage } from "../lib/api-client.ts";
import { LoadError } from "./load-error.tsx";

/** 'Failed to Load Posts' with the error's message and Retry. */
export function PostsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <LoadError
      variant="page"
      title="Failed to Load Posts"
      message={errorMessage(error, "An error occurred while fetching your posts.")}
      retryLabel="Retry"
      onRetry={onRetry}
    />
  );
}

/** 'Loading posts...'. */
export function PostsLoading() {
  return (
    <p role="status" className="py-16 text-center text-sm text-muted-foreground">
      Loading posts...
    </p>
  );
}
