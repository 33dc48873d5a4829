import type { Blog } from "@contracts/blogs.ts";
import { type ImportJob, importFormatLabels } from "@contracts/imports.ts";
import { DownloadIcon, UploadIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { TitledCard } from "@/components/titled-card.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { blogsKey } from "@/lib/api/get-blogs.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { cancelImport } from "../api/cancel-import.ts";
import { importKey, importsKey, useImport, useImports } from "../api/get-import.ts";
import { startImport } from "../api/start-import.ts";

const statusLabels: Record<ImportJob["status"], string> = {
  queued: "Waiting to start",
  running: "Importing",
  succeeded: "Import finished",
  failed: "Import failed",
  cancelled: "Import cancelled",
};

/**
 * The export file to import. The API takes the file itself as the body (no JSON to check
 * against a contract schema); the server reads it and says what it refuses.
 */
type ImportFields = { file: FileList | null };

/** Settings: bring posts in from WordPress, Ghost or Markdown, and take the blog out as a zip. */
export function ImportExportCard({ blog }: { blog: Blog }) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const { data: recent } = useImports(blog.id);
  const [jobId, setJobId] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ImportFields>({ defaultValues: { file: null } });
  const [uploading, setUploading] = useState(false);
  const shownId = jobId ?? recent?.[0]?.id;
  const { data: job } = useImport(shownId);
  const active = job?.status === "queued" || job?.status === "running";

  // Once an import ends, what it wrote shows everywhere (posts, categories, the blog's look).
  const finished = job && !active ? job.id : undefined;
  useEffect(() => {
    if (!finished) return;
    void mutate(importsKey(blog.id));
    void mutate(blogsKey);
    void mutate((key) => typeof key === "string" && key.startsWith(`/api/blogs/${blog.id}/`));
  }, [finished, blog.id, mutate]);

  // The file is read by the import job, after the upload is answered: a file it refuses is told
  // once, as a refused upload is.
  const told = useRef<string | undefined>(undefined);
  const failed = job && job.id === jobId && job.status === "failed" ? job : undefined;
  useEffect(() => {
    if (!failed || told.current === failed.id) return;
    told.current = failed.id;
    toast({
      variant: "destructive",
      title: "Import failed",
      description: failed.error ?? "The import failed.",
    });
  }, [failed]);

  // A refusal from an earlier try is cleared by the next one (`handleSubmit` drops it).
  async function upload({ file: files }: ImportFields) {
    const file = files?.[0];
    if (!file || uploading) return;
    setUploading(true);
    try {
      const started = await startImport(blog.id, file);
      await mutate(importKey(started.id), started, { revalidate: true });
      setJobId(started.id);
      setValue("file", null);
    } catch (error) {
      const message = errorMessage(error, "Failed to start the import");
      setError("root", { message });
      toast({ variant: "destructive", title: "Import refused", description: message });
    } finally {
      setUploading(false);
    }
  }

  async function cancel() {
    if (!job) return;
    try {
      await mutate(importKey(job.id), await cancelImport(job.id), { revalidate: false });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to cancel the import"),
      });
    }
  }

  return (
    <TitledCard
      title="Import & Export"
      description={`Bring posts into ${blog.name} from WordPress (.xml), Ghost (.json), a zip of Markdown files or a Blogfleet export, or download everything in it.`}
      contentClassName="space-y-6"
    >
      <form onSubmit={(event) => void handleSubmit(upload)(event)} className="grid gap-2">
        <Label htmlFor={`${id}-file`}>Export file</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-file`}
            type="file"
            accept=".xml,.json,.zip"
            className="max-w-sm"
            disabled={uploading || active}
            {...register("file")}
          />
          <Button type="submit" disabled={uploading || active}>
            <UploadIcon aria-hidden="true" />
            {uploading ? "Uploading..." : "Import"}
          </Button>
        </div>
        {errors.root && (
          <p role="alert" className="text-sm font-medium text-error">
            {errors.root.message}
          </p>
        )}
      </form>

      {job && <ImportProgress job={job} onCancel={() => void cancel()} />}

      <div className="flex flex-wrap items-center gap-3 border-t pt-4">
        {/* A long blog name wraps instead of pushing a phone's screen sideways. */}
        <Button asChild variant="outline" className="h-auto min-h-9 max-w-full whitespace-normal">
          <a href={`/api/blogs/${blog.id}/export`} download>
            <DownloadIcon aria-hidden="true" />
            Export {blog.name}
          </a>
        </Button>
        <p className="text-sm text-muted-foreground">
          A zip with blogfleet.json, every post as Markdown and a redirects.csv.
        </p>
      </div>
    </TitledCard>
  );
}

/** Said when a report lists only the first entries of a long list. */
const listedOf = (listed: number, count: number) =>
  listed < count ? ` (the first ${listed} of ${count})` : "";

function ImportProgress({ job, onCancel }: { job: ImportJob; onCancel: () => void }) {
  const active = job.status === "queued" || job.status === "running";
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const report = job.report;
  return (
    <section aria-label="Import progress" className="space-y-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {statusLabels[job.status]}: {job.fileName} ({importFormatLabels[job.format]})
        </p>
        {active && (
          <Button variant="outline" size="sm" onClick={onCancel}>
            Cancel import
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
        aria-valuetext={`${job.done} of ${job.total} items`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">
        {job.status === "queued" && job.total === 0
          ? "Reading the file…"
          : `${job.done} of ${job.total} items`}
        {active && job.currentItem ? ` — now: ${job.currentItem}` : ""}
      </p>
      {job.error && (
        <p role="alert" className="text-sm font-medium text-error">
          {job.error}
        </p>
      )}
      {!active && (
        <div className="space-y-2 text-sm">
          <ul className="grid gap-1">
            <li>Imported: {report.counts.imported} posts</li>
            <li>Categories created: {report.categoriesCreated}</li>
            <li>Redirects created: {report.redirectsCreated}</li>
            <li>Skipped: {report.counts.skipped}</li>
            <li>Images missing: {report.counts.imagesMissing}</li>
          </ul>
          {report.pages && report.pages.length > 0 && (
            <p>Pages are not imported yet: {report.pages.join(", ")}</p>
          )}
          {report.skipped.length > 0 && (
            <details>
              <summary className="cursor-pointer">
                Skipped items and why{listedOf(report.skipped.length, report.counts.skipped)}
              </summary>
              <ul className="mt-1 list-disc pl-5">
                {report.skipped.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the report's order is fixed
                  <li key={i}>
                    {s.title}: {s.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {report.imagesMissing.length > 0 && (
            <details>
              <summary className="cursor-pointer">
                Images not fetched
                {listedOf(report.imagesMissing.length, report.counts.imagesMissing)}
              </summary>
              <ul className="mt-1 list-disc pl-5 break-all">
                {report.imagesMissing.map((m, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the report's order is fixed
                  <li key={i}>
                    {m.post}: {m.url} ({m.reason})
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </section>
  );
}
