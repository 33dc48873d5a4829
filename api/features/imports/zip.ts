import { unzipSync } from "fflate";
import { importLimits } from "../../../contracts/imports.ts";
import { BadImportFile } from "./source.ts";

/** A zip entry name that stays inside the folder it is unpacked into. */
function isSafeName(name: string): boolean {
  if (name.includes("\\") || name.includes("\0") || name.startsWith("/")) return false;
  if (/^[a-zA-Z]:/.test(name)) return false;
  return !name.split("/").some((part) => part === "..");
}

/**
 * The files of a zip, checked before anything is unpacked (decision 144): every name must stay
 * inside the archive (no `..`, no absolute path), at most `zipEntries` entries, at most
 * `zipUnpackedBytes` unpacked in all, and no entry packed tighter than `zipRatio`:1.
 * fflate unpacks each entry into a buffer of the size its header declares, so a header that
 * lies about the size cannot make it write more.
 */
export function readZip(file: Buffer): Map<string, Uint8Array> {
  let entries = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(file.buffer, file.byteOffset, file.length), {
      filter(entry) {
        entries++;
        if (entries > importLimits.zipEntries)
          throw BadImportFile(`The zip holds more than ${importLimits.zipEntries} entries.`);
        if (!isSafeName(entry.name))
          throw BadImportFile(
            `The zip entry "${entry.name.slice(0, 200)}" points outside the archive (an absolute path or ".."), so the file is refused.`,
          );
        total += entry.originalSize;
        if (total > importLimits.zipUnpackedBytes)
          throw BadImportFile(
            `The zip unpacks to more than ${importLimits.zipUnpackedBytes / 1024 / 1024} MB, so it is refused.`,
          );
        // Every entry, measured against at least 1 KiB packed: text that small cannot stall
        // anything, whatever its ratio (a 43 kB zip of 16 entries of 1 MB did, finding 1).
        if (entry.originalSize > Math.max(entry.size, 1024) * importLimits.zipRatio)
          throw BadImportFile(
            `The zip entry "${entry.name.slice(0, 200)}" unpacks to over ${importLimits.zipRatio} times its packed size, as zip bombs do, so the file is refused.`,
          );
        return !entry.name.endsWith("/") && !entry.name.startsWith("__MACOSX/");
      },
    });
  } catch (error) {
    if (error instanceof Error && "status" in error) throw error;
    throw BadImportFile(
      `The zip cannot be read (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  return new Map(Object.entries(files));
}
