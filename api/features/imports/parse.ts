import { unzipSync } from "fflate";
import type { ExportedImage } from "../../../contracts/export-format.ts";
import { type ImportFormat, importLimits } from "../../../contracts/imports.ts";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { UnrestorableMedia } from "../media/restore.ts";
import type { RefusedRecord } from "./records.ts";
import { BadImportFile, type ImportSource } from "./source.ts";

const isZip = (file: Uint8Array) =>
  file.length >= 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

/** An export file, parsed and checked: what the import job writes. */
export type ParsedImport = ImportSource & {
  refused: RefusedRecord[];
  /** Blogfleet exports only: the library (named by its bytes) and its files. */
  media?: ExportedImage[];
  mediaFiles?: Map<string, Uint8Array>;
};

/**
 * Which kind of export the file is, from its first bytes (and a zip's list of names): cheap
 * enough for the request. A file no importer reads is a 400 before anything is stored.
 */
export function importFormatOf(file: Uint8Array): ImportFormat {
  if (file.length === 0) throw BadImportFile("The file is empty.");
  if (file.length > importLimits.fileBytes)
    throw BadImportFile(`The file is larger than ${importLimits.fileBytes / 1024 / 1024} MB.`);
  if (isZip(file)) {
    let blogfleet = false;
    try {
      // Only the zip's directory is read: every entry is left packed.
      unzipSync(file, {
        filter(entry) {
          if (entry.name === "blogfleet.json") blogfleet = true;
          return false;
        },
      });
    } catch {
      // Unreadable: the job says why.
    }
    return blogfleet ? "blogfleet" : "markdown";
  }
  const start = Buffer.from(file.subarray(0, 512))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (start.startsWith("<")) return "wordpress";
  if (start.startsWith("{")) return "ghost";
  throw BadImportFile(
    "This file is not one Blogfleet imports. Upload a WordPress export (.xml), a Ghost export (.json), a zip of Markdown files or a Blogfleet export (.zip).",
  );
}

/**
 * Bodies from another platform, sanitized as the editor's are (a Blogfleet export's bodies are
 * kept exactly as the blog stored them, as the API stores an owner's).
 */
const cleaned = (source: ImportSource): ImportSource => ({
  ...source,
  items: source.items.map((item) =>
    item.skipReason ? item : { ...item, html: sanitizePostHtml(item.html) },
  ),
});

/**
 * Unpacks, parses and checks an export (issue 29): every record through the API's schemas
 * (`checkRecords`). CPU-heavy and slow for large files, so the import job runs it on a worker
 * thread, never on a request. The zip reader (fflate), Markdown (marked) and XML (saxes)
 * parsers load at the first file that needs them (decision 160).
 */
export async function parseImportFile(bytes: Uint8Array): Promise<ParsedImport> {
  const format = importFormatOf(bytes);
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const { checkRecords } = await import("./records.ts");
  if (format === "blogfleet" || format === "markdown") {
    const { readZip } = await import("./zip.ts");
    const files = readZip(file);
    if (files.has("blogfleet.json")) {
      const { parseBlogfleetExport } = await import("./blogfleet-export.ts");
      try {
        return checkRecords(await parseBlogfleetExport(files));
      } catch (error) {
        if (error instanceof UnrestorableMedia) throw BadImportFile(error.message);
        throw error;
      }
    }
    const { parseMarkdownZip } = await import("./markdown.ts");
    return checkRecords(cleaned(parseMarkdownZip(files)));
  }
  if (format === "wordpress") {
    const { parseWordPress } = await import("./wordpress.ts");
    return checkRecords(cleaned(parseWordPress(file)));
  }
  const { parseGhost } = await import("./ghost.ts");
  return checkRecords(cleaned(parseGhost(file)));
}
