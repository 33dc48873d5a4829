import sharp from "sharp";
import type { MediaItem } from "../../contracts/media.ts";
import type { TestClient, TestResponse } from "./harness.ts";

/**
 * Real image files for tests and benchmarks, made with sharp: a gradient with some noise (so
 * encoders have work to do), of any size and format, optionally with EXIF (camera, GPS) and an
 * orientation.
 */
export async function makeImage(
  options: {
    width?: number;
    height?: number;
    format?: "jpeg" | "png" | "webp" | "avif" | "gif";
    exif?: boolean;
    orientation?: number;
    alpha?: boolean;
    /** Another seed makes other bytes (the library stores equal bytes once). */
    seed?: number;
    quality?: number;
    /** Noise amplitude per channel (default 0 beyond a little blue): photos' grain and detail. */
    noise?: number;
  } = {},
): Promise<Buffer> {
  const { width = 800, height = 600, format = "jpeg", alpha = false } = options;
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = options.seed ?? 42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const i = (y * width + x) * channels;
      const grain = options.noise ? (seed % (2 * options.noise + 1)) - options.noise : 0;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height - grain));
      pixels[i + 2] = 128 + (seed % 32);
      if (alpha) pixels[i + 3] = x < width / 2 ? 255 : 128;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels } });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: "TestCam", Model: "Secret Model 9", Copyright: "owner" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2964/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 17/1 4020/100",
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format, options.quality ? { quality: options.quality } : {}).toBuffer();
}

/** Uploads bytes as the dashboard does: the raw file as the body, its name in the query. */
export async function uploadFile(
  owner: TestClient,
  blogId: string,
  bytes: Uint8Array,
  name: string,
  contentType = "application/octet-stream",
): Promise<TestResponse<MediaItem & { message?: string; issues?: { message: string }[] }>> {
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(
    `${owner.baseUrl}/api/blogs/${blogId}/media?name=${encodeURIComponent(name)}`,
    {
      method: "POST",
      headers: { cookie, origin: owner.origin, "content-type": contentType },
      body: bytes as Uint8Array<ArrayBuffer>,
    },
  );
  const text = await res.text();
  const body = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body, text };
}
