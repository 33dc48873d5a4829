import { createFolderStorage } from "../site-builder/storage/folder-storage.ts";
import { parseStorageUrl } from "../site-builder/storage/keys.ts";
import { createS3Storage, s3ClientConfig } from "../site-builder/storage/s3-storage.ts";
import type { Storage } from "../site-builder/storage/storage.ts";
import type { Env } from "./env.ts";

/**
 * The storage of rendered sites and media: object storage when STORAGE_URL names an S3
 * location (decision 190), else the local folder SITES_DIR (the embedded default).
 */
export function storageFromEnv(
  env: Pick<Env, "SITES_DIR" | "STORAGE_URL" | "AWS_ENDPOINT_URL" | "AWS_REGION">,
): Storage {
  const location = env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL) : undefined;
  if (!location) return createFolderStorage(env.SITES_DIR);
  return createS3Storage({
    ...location,
    // Keys come from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (or the SDK's other sources).
    clientConfig: s3ClientConfig({ endpoint: env.AWS_ENDPOINT_URL, region: env.AWS_REGION }),
  });
}
