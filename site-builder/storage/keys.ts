import { posix } from "node:path";

/** A key in its plain form (`a/b.html`), or undefined for one that would leave the storage. */
export function normalKey(key: string): string | undefined {
  if (key.includes("\0") || key.startsWith("/") || key.includes("\\")) return undefined;
  const normal = posix.normalize(key).replace(/\/+$/, "");
  if (normal === "" || normal === "." || normal === ".." || normal.startsWith("../"))
    return undefined;
  return normal;
}

export type S3Location = { bucket: string; prefix: string };

/** `s3://bucket/some/prefix` → bucket and prefix (without slashes at either end). */
export function parseStorageUrl(url: string): S3Location | undefined {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) return undefined;
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix !== "" && !normalKey(prefix)) return undefined;
  return { bucket: match[1] as string, prefix };
}
