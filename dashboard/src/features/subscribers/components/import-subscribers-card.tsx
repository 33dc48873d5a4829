import type { SubscriberImportResult } from "@contracts/newsletters.ts";
import { DownloadIcon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { TitledCard } from "../../../components/titled-card.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { importSubscribers, subscribersExportUrl } from "../../../lib/api/subscribers.ts";
import { errorMessage, pathIssuesOf } from "../../../lib/api-client.ts";

/**
 * Import a CSV list with the consent date each row carries, and download the list as CSV.
 * A refused file lists every problem with its line; nothing of it was imported.
 */
export function ImportSubscribersCard({
  blogId,
  onImported,
}: {
  blogId: string;
  onImported: () => Promise<unknown>;
}) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [isPending, setPending] = useState(false);
  const [result, setResult] = useState<SubscriberImportResult | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return;
    setPending(true);
    setResult(null);
    setProblems([]);
    try {
      setResult(await importSubscribers(blogId, file));
      setFile(null);
      if (input.current) input.current.value = "";
      await onImported();
    } catch (error) {
      const issues = pathIssuesOf(error).map((issue) => issue.message);
      setProblems(issues.length > 0 ? issues : [errorMessage(error, "The import failed.")]);
    } finally {
      setPending(false);
    }
  }

  return (
    <TitledCard
      id="subscriber-import-title"
      title="Import and export"
      description="A CSV file with an email column and the date each person consented (consented_at, subscribed_at or created_at). Addresses that unsubscribed are never subscribed again."
      action={
        <Button asChild variant="outline">
          <a href={subscribersExportUrl(blogId)} download>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      }
    >
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={fileId}>List (CSV)</Label>
          <Input
            ref={input}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={!file || isPending}>
          <UploadIcon aria-hidden="true" />
          {isPending ? "Importing..." : "Import CSV"}
        </Button>
      </form>
      {result && (
        <p role="status" className="mt-3 text-sm">
          Imported: {result.added} added, {result.unchanged} unchanged, {result.skipped} skipped.
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="mt-3 space-y-1 text-sm text-error">
          <p className="font-medium">The file was not imported:</p>
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </TitledCard>
  );
}
