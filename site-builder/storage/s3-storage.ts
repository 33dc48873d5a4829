import { randomBytes } from "node:crypto";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { eachLimited, safeName } from "./folder-storage.ts";
import { normalKey, type S3Location } from "./keys.ts";
import type { Generation, Storage, StorageEntry } from "./storage.ts";

/**
 * Object storage (any S3-compatible service) as storage, chosen by `STORAGE_URL=s3://bucket/prefix`:
 *
 *   {prefix}/{key}                         a stored object
 *   {prefix}/{name}/builds/{id}/…          one key prefix per generation
 *   {prefix}/.live/{name}                  pointer: the live generation's key prefix, written last
 *   {prefix}/{aliasPrefix}/{alias}         pointer: the name an alias follows (a host, for an edge)
 *   {prefix}/.aliases/{aliasPrefix}/{name} the aliases last set for the name (one line each)
 *
 * S3 makes a PutObject visible whole or not at all, and reads after writes are strongly
 * consistent, so publishing a generation is one small PUT of its pointer: a reader resolves the
 * pointer and then reads only inside the generation it named, which stays until the next one
 * after it is published. Nothing is served from a local path (`pathOf` is undefined).
 */
export type S3StorageOptions = S3Location & {
  /** The client to use; by default one from `clientConfig` (endpoint, region, credentials). */
  client?: S3Client;
  clientConfig?: S3ClientConfig;
};

/**
 * The client for the standard AWS variables: `AWS_ENDPOINT_URL` (another S3-compatible
 * service, addressed path-style: MinIO, Ceph, s3rver and loopback endpoints have no per-bucket
 * host names), `AWS_REGION`, and credentials from `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`
 * (or the SDK's other usual sources).
 */
export function s3ClientConfig(env: { endpoint?: string; region?: string }): S3ClientConfig {
  return {
    region: env.region ?? "us-east-1",
    ...(env.endpoint ? { endpoint: env.endpoint, forcePathStyle: true } : {}),
  };
}

type Sdk = typeof import("@aws-sdk/client-s3");
let sdkLoading: Promise<Sdk> | undefined;
/** The SDK is loaded on first use: the embedded set-up (a local folder) never pays for it. */
const loadSdk = () => {
  sdkLoading ??= import("@aws-sdk/client-s3");
  return sdkLoading;
};

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  let clientMade: S3Client | undefined = options.client;
  /** Sends the command `make` builds with the SDK's classes. */
  const send = async <T>(make: (sdk: Sdk, client: S3Client) => Promise<T>): Promise<T> => {
    const sdk = await loadSdk();
    clientMade ??= new sdk.S3Client(options.clientConfig ?? {});
    return make(sdk, clientMade);
  };
  const root = options.prefix === "" ? "" : `${options.prefix}/`;
  const objectKey = (key: string) => `${root}${key}`;
  const must = (key: string) => {
    const normal = normalKey(key);
    if (!normal) throw new Error(`Refusing a key outside the storage: ${key}`);
    return normal;
  };
  const pointerKey = (name: string) => objectKey(`.live/${must(name)}`);
  const aliasIndexKey = (prefix: string, name: string) =>
    objectKey(`.aliases/${must(prefix)}/${must(name)}`);

  const putObject = async (key: string, body: string | Uint8Array) => {
    await send((sdk, client) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentLength: Buffer.byteLength(body),
          // A CDN or edge serving the bucket directly passes it on to readers.
          ContentType: contentTypeOf(key),
        }),
      ),
    );
  };

  const readObject = async (key: string) => {
    try {
      const answer = await send((sdk, client) =>
        client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key })),
      );
      const bytes = await answer.Body?.transformToByteArray();
      return {
        body: Buffer.from(bytes ?? new Uint8Array()),
        modified: answer.LastModified ?? new Date(),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  const deleteObject = async (key: string) => {
    await send((sdk, client) =>
      client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key })),
    );
  };

  /** Every object key under `keyPrefix` (full keys). */
  const listKeys = async (keyPrefix: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await send((sdk, client) =>
        client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: keyPrefix,
            ContinuationToken: token,
          }),
        ),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };

  /** Deletes objects in batches of 1,000 (the most one DeleteObjects takes). */
  const deleteKeys = async (keys: string[]) => {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await send((sdk, client) =>
        client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
    }
  };

  const copyObject = async (target: string, source: string) => {
    await send((sdk, client) =>
      client.send(
        new sdk.CopyObjectCommand({
          Bucket: bucket,
          Key: target,
          CopySource: `${bucket}/${source.split("/").map(encodeURIComponent).join("/")}`,
          // Staged bodies have no type of their own: the target's name gives it.
          MetadataDirective: "REPLACE",
          ContentType: contentTypeOf(target),
        }),
      ),
    );
  };

  const live = async (name: string) => (await readObject(pointerKey(name)))?.body.toString("utf8");

  const readLines = async (key: string) =>
    ((await readObject(key))?.body.toString("utf8") ?? "").split("\n").filter(Boolean);

  return {
    pathOf: () => undefined,
    live,

    put: async (key, body) => putObject(objectKey(must(key)), body),

    async putAll(entries: readonly StorageEntry[], onVisible) {
      const keys = entries.map(({ key }) => objectKey(must(key)));
      // Every body is uploaded under a staging key first; then each is copied into place on the
      // server, in order (a page before the pages that link to it), so none is visible before
      // all are stored and a failed upload leaves the live objects as they were.
      const staging = objectKey(`.staging/${generationId()}`);
      const staged = entries.map((_, i) => `${staging}/${i}`);
      try {
        await eachLimited([...entries], parallelRequests, (entry, i) =>
          putObject(staged[i] as string, entry.body),
        );
        for (const [i, entry] of entries.entries()) {
          await copyObject(keys[i] as string, staged[i] as string);
          onVisible?.(entry, i);
        }
      } finally {
        await deleteKeys(staged).catch(() => undefined);
      }
    },

    // An object is stored once its upload has answered.
    flush: async () => {},

    async get(key) {
      const normal = normalKey(key);
      return normal ? (await readObject(objectKey(normal)))?.body : undefined;
    },

    async read(key) {
      const normal = normalKey(key);
      return normal ? readObject(objectKey(normal)) : undefined;
    },

    async delete(key) {
      const normal = normalKey(key);
      if (normal) await deleteObject(objectKey(normal));
    },

    async list(prefix) {
      const base = objectKey(`${must(prefix)}/`);
      return (await listKeys(base)).map((key) => key.slice(base.length));
    },

    async beginGeneration(name): Promise<Generation> {
      const prefix = `${must(name)}/builds/${generationId()}`;
      const keyIn = (key: string) => {
        const normal = normalKey(key);
        if (!normal) throw new Error(`Refusing to write outside the generation: ${key}`);
        return objectKey(`${prefix}/${normal}`);
      };
      return {
        prefix,
        put: async (key, body) => putObject(keyIn(key), body),
        copy: async (key, sourceKey) => copyObject(keyIn(key), objectKey(must(sourceKey))),
        async publish() {
          const previous = await live(name);
          await putObject(pointerKey(name), prefix);
          // Keeps this generation and the one before it (readers may still be in it).
          const keep = [prefix, previous].filter(Boolean).map((p) => objectKey(`${p}/`));
          const builds = objectKey(`${must(name)}/builds/`);
          await deleteKeys(
            (await listKeys(builds)).filter((key) => !keep.some((k) => key.startsWith(k))),
          );
        },
        abandon: async () => deleteKeys(await listKeys(objectKey(`${prefix}/`))),
      };
    },

    async deleteAll(name) {
      const normal = must(name);
      await deleteObject(pointerKey(normal));
      await deleteKeys(await listKeys(objectKey(`${normal}/`)));
    },

    async setAliases(prefix, name, aliases) {
      const dir = must(prefix);
      const wanted = [...new Set(aliases.filter((alias) => safeName.test(alias)))].sort();
      const index = aliasIndexKey(dir, name);
      const before = await readLines(index);
      const gone = before.filter((alias) => !wanted.includes(alias));
      // An alias another name took since stays with it: only pointers naming `name` go.
      await eachLimited(gone, parallelRequests, async (alias) => {
        const key = objectKey(`${dir}/${alias}`);
        if ((await readObject(key))?.body.toString("utf8") === name) await deleteObject(key);
      });
      await eachLimited(wanted, parallelRequests, async (alias) => {
        const key = objectKey(`${dir}/${alias}`);
        if ((await readObject(key))?.body.toString("utf8") !== name) await putObject(key, name);
      });
      if (wanted.length === 0) await deleteObject(index);
      else if (wanted.join("\n") !== before.join("\n")) await putObject(index, wanted.join("\n"));
    },

    async resolveAlias(prefix, alias) {
      if (!safeName.test(alias)) return undefined;
      const name = (await readObject(objectKey(`${must(prefix)}/${alias}`)))?.body.toString("utf8");
      return name && normalKey(name) ? live(name) : undefined;
    },
  };
}

const parallelRequests = 16;

/** The media types of what Blogfleet stores (rendered pages, feeds, fonts, images). */
const contentTypes: Record<string, string> = {
  html: "text/html; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  json: "application/json",
  css: "text/css; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  woff2: "font/woff2",
};

export function contentTypeOf(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  if (name === "rss.xml") return "application/rss+xml; charset=utf-8";
  const dot = name.lastIndexOf(".");
  return (dot > 0 && contentTypes[name.slice(dot + 1)]) || "application/octet-stream";
}

const generationId = () => `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
}
