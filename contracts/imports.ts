/** Imports (WordPress WXR, Ghost JSON, Markdown zip, Blogfleet export) and their reports. */

export const importFormats = ["wordpress", "ghost", "markdown", "blogfleet"] as const;
export type ImportFormat = (typeof importFormats)[number];
export const importFormatLabels: Record<ImportFormat, string> = {
  wordpress: "WordPress export (WXR)",
  ghost: "Ghost export (JSON)",
  markdown: "Markdown files (zip)",
  blogfleet: "Blogfleet export (zip)",
};

export const importStatuses = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** What an import did, filled in as it goes. */
export type ImportReport = {
  imported: { title: string; slug: string; status: string }[];
  /** Items of the export not imported, and why. */
  skipped: { title: string; reason: string }[];
  /** Images a post names that could not be fetched into the media library; the post keeps their original address. */
  imagesMissing: { post: string; url: string; reason: string }[];
  redirectsCreated: number;
  categoriesCreated: number;
  /** Authors named by the export (posts are attributed to the blog's owner). */
  authors: string[];
  /**
   * Titles of the export's pages, not imported (decision 353): the first `reportListLimit`.
   * Absent from reports written before.
   */
  pages?: string[];
  /** How many of each list there are: a list keeps its first `reportListLimit` entries only. */
  counts: { imported: number; skipped: number; imagesMissing: number };
};

/** Why a page of the export is not imported, until Blogfleet has pages (decision 353). */
export const pageSkipReason = "pages are not imported yet";

/**
 * Entries each list of a report keeps. The report is written with every item: an import of
 * 20,000 posts must not rewrite a list of 20,000 titles 20,000 times.
 */
export const reportListLimit = 500;

export const emptyImportReport = (): ImportReport => ({
  imported: [],
  skipped: [],
  imagesMissing: [],
  redirectsCreated: 0,
  categoriesCreated: 0,
  authors: [],
  pages: [],
  counts: { imported: 0, skipped: 0, imagesMissing: 0 },
});

type ReportList = "imported" | "skipped" | "imagesMissing";

/** Counts `entry` in the report, and lists it while the list has room. */
export function addToReport<L extends ReportList>(
  report: ImportReport,
  list: L,
  entry: ImportReport[L][number],
): void {
  report.counts[list]++;
  if (report[list].length < reportListLimit)
    (report[list] as ImportReport[L][number][]).push(entry);
}

/** `GET /api/imports/{id}`. */
export type ImportJob = {
  id: string;
  blogId: string;
  format: ImportFormat;
  fileName: string;
  status: ImportStatus;
  total: number;
  done: number;
  currentItem: string | null;
  report: ImportReport;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** Upload limits (decision 144): far above real exports, low enough to refuse hostile files. */
export const importLimits = {
  /** Bytes of one uploaded file. */
  fileBytes: 100 * 1024 * 1024,
  /** Characters of one XML element's text (a post's body is at most 500,000). */
  elementChars: 2_000_000,
  /** Items (posts, pages, attachments…) in one export. */
  items: 50_000,
  /** Entries in a zip. */
  zipEntries: 10_000,
  /** Bytes a zip may unpack to, all entries together. */
  zipUnpackedBytes: 500 * 1024 * 1024,
  /**
   * Largest unpacked/packed ratio of any entry, counting at least 1 KiB packed (text packs 3–10
   * times; zip bombs and repeated text reach 1000:1).
   */
  zipRatio: 100,
  /** Imports one owner may start in an hour (each unpacks and parses a file of up to 100 MB). */
  perOwnerPerHour: 20,
} as const;
