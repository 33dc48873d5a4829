import { useState } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { TitledDialog } from "../../../components/titled-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useNewsletterPreview } from "../../../lib/api/newsletter.ts";
import { errorMessage } from "../../../lib/api-client.ts";

/**
 * The e-mail a post goes out as (decision 377): the HTML part in a sandboxed frame (no script,
 * no form, no navigation of the dashboard), or its plain-text part.
 */
export function NewsletterPreviewDialog({
  postId,
  open,
  onOpenChange,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data, error, mutate } = useNewsletterPreview(postId, open);
  const [part, setPart] = useState<"html" | "text">("html");

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="E-mail preview"
      description={data ? `Subject: ${data.subject}` : "The e-mail subscribers get."}
      className="sm:max-w-3xl"
    >
      {error ? (
        <LoadError
          variant="card"
          title="Failed to load the preview"
          message={errorMessage(error, "The e-mail could not be made. Try again.")}
          retryLabel="Try again"
          onRetry={() => void mutate()}
        />
      ) : !data ? (
        <p role="status" className="py-8 text-center text-sm text-muted-foreground">
          Loading preview...
        </p>
      ) : (
        <div className="space-y-3">
          <fieldset className="flex gap-2">
            <legend className="sr-only">Part of the e-mail</legend>
            <Button
              size="sm"
              variant={part === "html" ? "default" : "outline"}
              aria-pressed={part === "html"}
              onClick={() => setPart("html")}
            >
              HTML
            </Button>
            <Button
              size="sm"
              variant={part === "text" ? "default" : "outline"}
              aria-pressed={part === "text"}
              onClick={() => setPart("text")}
            >
              Plain text
            </Button>
          </fieldset>
          {part === "html" ? (
            <iframe
              title="E-mail as HTML"
              sandbox=""
              srcDoc={data.html}
              className="h-[60vh] w-full rounded-md border bg-white"
            />
          ) : (
            <section aria-label="E-mail as plain text">
              <pre className="h-[60vh] overflow-auto whitespace-pre-wrap rounded-md border bg-muted p-3 font-mono text-sm">
                {data.text}
              </pre>
            </section>
          )}
        </div>
      )}
    </TitledDialog>
  );
}
