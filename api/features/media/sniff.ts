import { type MediaFormat, mediaFormatLabels } from "../../../contracts/media.ts";

/**
 * What an upload is, decided from its bytes alone (docs/decisions/111-what-uploads-are-accepted.md).
 * The name and the browser's Content-Type are never trusted: they only have to agree.
 */
export type Sniffed = { format: MediaFormat };

/** Why an upload is refused: each entry is one problem, said so the owner can act on it. */
export class RefusedImage extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join(" "));
    this.problems = problems;
  }
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((value, i) => bytes[at + i] === value);

/** file-type's answers (by MIME type) for the formats Blogfleet accepts. */
const acceptedTypes: Record<string, MediaFormat> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  // An animated PNG is a PNG (its frames are extra chunks that decoders may ignore).
  "image/apng": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
};

/**
 * The image format the bytes begin with (file-type reads their signature), "svg" for an SVG
 * document (text, which file-type does not look at), or undefined.
 */
export async function formatOf(bytes: Uint8Array): Promise<MediaFormat | "svg" | undefined> {
  // Loaded at the first upload, not at start (decision 160).
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(bytes);
  if (type) return acceptedTypes[type.mime];
  const text = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .trimStart()
    .toLowerCase();
  if (text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg"))) return "svg";
  return undefined;
}

const extensions: Record<string, MediaFormat | "svg"> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  jpe: "jpeg",
  jfif: "jpeg",
  png: "png",
  gif: "gif",
  webp: "webp",
  avif: "avif",
  svg: "svg",
};

/**
 * Whether the bytes end where the format says the image ends. Anything after it (a ZIP, a
 * script, an HTML page appended to a valid picture) makes the file a polyglot.
 */
export function endsCleanly(bytes: Uint8Array, format: MediaFormat): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.length;
  switch (format) {
    case "jpeg": {
      // Some cameras pad with zero bytes after the end-of-image marker.
      let end = n;
      while (end > 2 && bytes[end - 1] === 0) end--;
      return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
    }
    case "png":
      return startsWith(
        bytes,
        [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82],
        n - 12,
      );
    case "gif":
      return bytes[n - 1] === 0x3b;
    case "webp": {
      const size = view.getUint32(4, true) + 8;
      return size === n || (size % 2 === 1 && size + 1 === n);
    }
    case "avif": {
      // ISO base media file: top-level boxes follow one another to the last byte exactly.
      let at = 0;
      while (at < n) {
        if (at + 8 > n) return false;
        let size = view.getUint32(at);
        if (size === 1) {
          if (at + 16 > n) return false;
          size = Number(view.getBigUint64(at + 8));
        } else if (size === 0) size = n - at;
        if (size < 8) return false;
        at += size;
      }
      return at === n;
    }
  }
}

/** Markup or script that has no business inside a picture (what a polyglot carries). */
const embeddedMarkup = /<(script|html|body|iframe|svg|object|embed)[\s>/]|<\?php|javascript:/i;

/**
 * Checks an upload before anything decodes it. Refuses, listing every problem: SVG, unknown
 * formats, a name whose extension says another format than the bytes, data after the image's
 * end, and markup hidden inside the file.
 */
export async function sniffImage(bytes: Uint8Array, fileName: string): Promise<Sniffed> {
  const format = await formatOf(bytes);
  if (format === "svg") {
    throw new RefusedImage([
      "SVG files are not accepted (they can carry scripts). Export the image as PNG or WebP and upload that.",
    ]);
  }
  if (!format) {
    throw new RefusedImage([
      "This file is not an image Blogfleet accepts: upload a JPEG, PNG, WebP, AVIF or GIF.",
    ]);
  }
  const problems: string[] = [];
  const extension = /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension) {
    const named = extensions[extension];
    if (named !== format) {
      problems.push(
        `The name says .${extension} but the file is a ${mediaFormatLabels[format]} image. Files whose name and content disagree are refused: export the image again or fix its name.`,
      );
    }
  }
  if (!endsCleanly(bytes, format)) {
    problems.push(
      `The file has data after the end of the ${mediaFormatLabels[format]} image (it may hide another file). Export the image again and upload that.`,
    );
  }
  // Latin-1 keeps one character per byte, so the search sees the raw bytes.
  if (
    embeddedMarkup.test(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"),
    )
  ) {
    problems.push(
      "The file contains web page markup or script inside the image. Export the image again and upload that.",
    );
  }
  if (problems.length > 0) throw new RefusedImage(problems);
  return { format };
}
