import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  close: () => Promise<void>;
};

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 at a free port, with one empty bucket, for tests
 * and checks: the storage talks the real protocol to it, as it would to AWS, MinIO or R2.
 */
export async function startTestS3Server(bucket = "blogfleet-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "blogfleet-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
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

/** s3rver accepts any key pair: these are the ones its documentation uses. */
export const testS3Credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
