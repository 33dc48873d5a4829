import { request } from "node:http";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server, testS3Credentials } from "./s3-test-server.ts";

let s3: TestS3Server;
let client: S3Client;
beforeAll(async () => {
  s3 = await startTestS3Server("aborted-uploads");
  client = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: testS3Credentials,
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

/** A PUT whose client goes away after sending part of the body (a process killed mid-upload). */
const abortedPut = (key: string) =>
  new Promise<void>((resolve) => {
    const url = new URL(`${s3.endpoint}/${s3.bucket}/${key}`);
    const req = request({
      hostname: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "PUT",
      headers: { "content-length": "100000", "content-type": "text/html" },
    });
    req.on("error", () => resolve());
    req.write(Buffer.alloc(1000, 97), () => {
      setTimeout(() => {
        req.destroy();
        setTimeout(resolve, 300);
      }, 100);
    });
  });

describe("the S3-compatible test server", () => {
  it("stores nothing for an upload whose client died, as S3 does, and keeps listing", async () => {
    await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "site/" }), // the bucket answers
    );
    await abortedPut("site/half-written.html");
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "site/" }),
    );
    expect(listed.Contents ?? []).toEqual([]);
    await expect(
      client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: "site/half-written.html" })),
    ).rejects.toMatchObject({ name: "NoSuchKey" });
  });
});
