import type { Metadata, OutputInfo } from "sharp";
import {
  type MediaFormat,
  type MediaVariant,
  mediaFormatLabels,
  mediaLimits,
  mediaWidths,
} from "../../../contracts/media.ts";
import { RefusedImage, sniffImage } from "./sniff.ts";

/** One encoded file of an image, ready to store. */
export type EncodedVariant = MediaVariant & { body: Buffer };

export type ProcessedImage = {
  hash: string;
  format: MediaFormat;
  width: number;
  height: number;
  variants: EncodedVariant[];
};

const extensionOf = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" } as const;

/** IPTC's digital source type for media a trained model made (what Google asks AI images to say). */
export const trainedAlgorithmicMedia =
  "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

/** The XMP packet that marks a file as made by AI: IPTC Extension `DigitalSourceType`. */
export const aiMadeXmp = [
  '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
  '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  '<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">',
  `<Iptc4xmpExt:DigitalSourceType>${trainedAlgorithmicMedia}</Iptc4xmpExt:DigitalSourceType>`,
  "</rdf:Description>",
  "</rdf:RDF>",
  "</x:xmpmeta>",
  '<?xpacket end="w"?>',
].join("");

export type ProcessOptions = {
  /**
   * The image was made by an AI model: every stored file carries `aiMadeXmp` (decision 335),
   * the one piece of metadata written; uploads get none.
   */
  aiMade?: boolean;
};

/** SHA-256 on libuv's thread pool (Web Crypto), so a 20 MB upload does not stall requests. */
export async function contentHash(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Buffer.from(digest).toString("hex").slice(0, 32);
}

/**
 * Checks and re-encodes an upload (docs/decisions/111): sniffed from its bytes, its header read
 * for the size before anything is decoded (a decompression bomb is refused there), then decoded
 * once, turned upright (EXIF orientation) and encoded as AVIF and WebP at each width of
 * `mediaWidths` no wider than the image, plus one JPEG (PNG when it has transparency) fallback.
 * Nothing of the upload's metadata (EXIF, GPS, XMP, comments) is written to any variant; only
 * the colour profile is applied. An image an AI model made (`aiMade`) carries one mark instead. libvips does the work on its own threads, off the event loop.
 */
export async function processImage(
  bytes: Uint8Array,
  fileName: string,
  { aiMade = false }: ProcessOptions = {},
): Promise<ProcessedImage> {
  const { format } = await sniffImage(bytes, fileName);
  // libvips loads at the first image, not at start (decision 160).
  const { default: sharp } = await import("sharp");
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = {
    limitInputPixels: mediaLimits.inputPixels,
    failOn: "error" as const,
    // An animated GIF or WebP is stored as its first frame.
    pages: 1,
  };
  let meta: Metadata;
  try {
    // Only the header is read here; the size checks below say more than libvips' refusal.
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(format);
  }
  const sniffedAs = meta.format === "heif" ? "avif" : meta.format;
  if (sniffedAs !== format) throw unreadable(format);
  const { width = 0, height = 0 } = meta;
  const problems: string[] = [];
  if (width > mediaLimits.side || height > mediaLimits.side) {
    problems.push(
      `The image is ${width}×${height} pixels; each side may be at most ${mediaLimits.side.toLocaleString("en-US")} pixels. Resize it and upload it again.`,
    );
  }
  if (width * height > mediaLimits.inputPixels) {
    problems.push(
      `The image has ${((width * height) / 1e6).toFixed(0)} megapixels; at most ${mediaLimits.inputPixels / 1e6} megapixels are accepted. Resize it and upload it again.`,
    );
  }
  if (width === 0 || height === 0) problems.push("The image has no pixels.");
  if (problems.length > 0) throw new RefusedImage(problems);

  // Files are named by their content: marked files are other files than an unmarked upload of
  // the same picture, so the mark is part of what is hashed.
  const hash = await contentHash(aiMade ? Buffer.concat([bytes, Buffer.from(aiMadeXmp)]) : bytes);
  const largest = Math.min(mediaWidths[mediaWidths.length - 1] as number, upright(meta).width);
  // Decoded once, upright and no wider than the largest variant; every variant comes from it.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, options)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable(format);
  }
  const raw = {
    raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
  };
  const hasAlpha = base.info.channels === 4 || base.info.channels === 2;
  const widths = [...mediaWidths.filter((w) => w < base.info.width), base.info.width];
  const fallback = hasAlpha ? "png" : "jpeg";

  const encode = async (
    target: MediaVariant["format"],
    targetWidth: number,
  ): Promise<EncodedVariant> => {
    let pipeline = sharp(base.data, raw);
    if (targetWidth < base.info.width) pipeline = pipeline.resize({ width: targetWidth });
    if (aiMade) pipeline = pipeline.withXmp(aiMadeXmp);
    const encoded =
      target === "avif"
        ? pipeline.avif({ quality: 55, effort: 2 })
        : target === "webp"
          ? pipeline.webp({ quality: 78, effort: 3 })
          : target === "png"
            ? pipeline.png({ compressionLevel: 8, palette: false })
            : pipeline.jpeg({ quality: 80, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      format: target,
      width: info.width,
      height: info.height,
      file: `${hash}-${info.width}.${extensionOf[target]}`,
      bytes: data.length,
      body: data,
    };
  };

  const jobs: [MediaVariant["format"], number][] = [
    ...widths.flatMap((w): [MediaVariant["format"], number][] => [
      ["avif", w],
      ["webp", w],
    ]),
    [fallback, base.info.width],
  ];
  const variants: EncodedVariant[] = [];
  // Two at a time: libvips already uses several threads per encode.
  for (let i = 0; i < jobs.length; i += 2) {
    const batch = jobs.slice(i, i + 2);
    variants.push(...(await Promise.all(batch.map(([f, w]) => encode(f, w)))));
  }
  return { hash, format, width: base.info.width, height: base.info.height, variants };
}

/** Width and height as shown: EXIF orientations 5–8 swap them. */
function upright(meta: Metadata): { width: number; height: number } {
  const { width = 0, height = 0, orientation = 1 } = meta;
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

const unreadable = (format: MediaFormat) =>
  new RefusedImage([
    `The file starts like a ${mediaFormatLabels[format]} image but cannot be read as one (it is damaged or not really an image). Export it again and upload that.`,
  ]);
