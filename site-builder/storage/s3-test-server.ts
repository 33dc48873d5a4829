import crypto from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/**
 * s3rver encrypts a listing's continuation token with single DES, which the OpenSSL 3 of recent
 * Node versions no longer offers: every listing longer than one page (1,000 keys, or MaxKeys)
 * answered 500. Triple DES with the key three times is the same cipher, and still offered.
 */
function desAsTripleDes(): void {
  const marked = crypto as typeof crypto & { s3rverDes?: boolean };
  if (marked.s3rverDes) return;
  marked.s3rverDes = true;
  const { createCipheriv, createDecipheriv } = crypto;
  const triple = (key: crypto.CipherKey) => Buffer.concat([key, key, key] as Buffer[]);
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, key: crypto.CipherKey, iv: Buffer, options?: object) =>
      algorithm === "des"
        ? createCipheriv("des-ede3-cbc", triple(key), iv)
        : createCipheriv(algorithm, key, iv, options as never),
    createDecipheriv: (algorithm: string, key: crypto.CipherKey, iv: Buffer, options?: object) =>
      algorithm === "des"
        ? createDecipheriv("des-ede3-cbc", triple(key), iv)
        : createDecipheriv(algorithm, key, iv, options as never),
  });
}

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  close: () => Promise<void>;
};

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 at a free port, with one empty bucket, for tests
 * and checks: the storage talks the real protocol to it, as it would to AWS, MinIO or R2.
 */
export async function startTestS3Server(
  bucket = "blogfleet-test",
  options: {
    /** Awaited before an object is stored (tests: a slow or stalled store). */
    beforePut?: (key: string) => Promise<void>;
  } = {},
): Promise<TestS3Server> {
  desAsTripleDes();
  const directory = mkdtempSync(join(tmpdir(), "blogfleet-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  atomicUploads(server, options.beforePut);
  flatDeletes(server);
  // A fault of s3rver itself (not an S3 answer such as NoSuchKey) is a bare 500 for the client:
  // say which request it was.
  (server as unknown as NodeJS.EventEmitter).on(
    "error",
    (error: Error, ctx?: { method: string; path: string; req: { complete: boolean } }) => {
      // A request whose client went away mid-body is not a fault of the server.
      if (error.constructor.name === "S3Error" || !ctx || !ctx.req.complete) return;
      console.error(`s3 test server: ${ctx.method} ${ctx.path} failed:`, error);
    },
  );
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const uploadEndedEarly = "upload ended before its body";

type StoredObject = { key: string; content: Buffer | NodeJS.ReadableStream };

/**
 * S3 stores an object whole or not at all. s3rver streams a PUT's body straight into its file
 * and writes the object's metadata only at the end: a client that dies mid-upload (a worker
 * killed with SIGKILL during a render) leaves a half-written object without metadata, which s3rver
 * then lists and answers 500 for, forever. Here the body is read whole first, and an upload
 * whose client went away stores nothing, as with S3.
 */
function atomicUploads(server: S3rver, beforePut?: (key: string) => Promise<void>): void {
  const store = (
    server as unknown as { store: { putObject: (o: StoredObject) => Promise<unknown> } }
  ).store;
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    if (!Buffer.isBuffer(object.content)) {
      const body = object.content;
      object.content = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.once("end", () => resolve(Buffer.concat(chunks)));
        body.once("error", reject);
        body.once("close", () => reject(new Error(uploadEndedEarly)));
      });
    }
    await beforePut?.(object.key);
    return putObject(object);
  };
}

/**
 * S3 has no folders. s3rver keeps keys as files in folders and, after deleting an object, removes
 * its folder when it looks empty: two deletions in one folder at once (one DeleteObjects request,
 * or a render's staging keys) race, and the one looking into the folder the other removed answers
 * 500. Here a delete removes the object's files only; empty folders stay (a temp dir).
 */
function flatDeletes(server: S3rver): void {
  const store = (
    server as unknown as {
      store: {
        getResourcePath: (bucket: string, key: string, type: string) => string;
        deleteObject: (bucket: string, key: string) => Promise<void>;
      };
    }
  ).store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ["object", "object.md5", "metadata.json"].map((type) =>
        unlink(store.getResourcePath(bucket, key, type)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  };
}

/** s3rver accepts any key pair: these are the ones its documentation uses. */
export const testS3Credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
