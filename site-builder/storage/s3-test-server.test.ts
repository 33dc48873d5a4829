import { request } from "node:http";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
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
    // One try: a retry would hide the server's 500.
    maxAttempts: 1,
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

  it("takes uploads into a folder while the folder's last object is deleted, as S3 does", async () => {
    // s3rver keeps keys as files in folders and removed a folder left empty by a delete, under
    // an upload that had just made sure the folder was there: 500 for the upload.
    const put = (key: string) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: "<p>page</p>" }));
    for (let round = 0; round < 30; round++) {
      const folder = `race/${round}`;
      await put(`${folder}/staging`);
      await Promise.all([
        client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${folder}/staging` })),
        ...Array.from({ length: 5 }, (_, i) => put(`${folder}/deeper/page-${i}.html`)),
        ...Array.from({ length: 5 }, (_, i) => put(`${folder}/page-${i}.html`)),
      ]);
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${folder}/` }),
      );
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toHaveLength(10);
    }
  });

  it("deletes the last objects of a folder in one request, as S3 does", async () => {
    // s3rver deleted the keys of one request at once, each removing its folder once empty: the
    // second deletion's look into the folder the first had removed answered 500.
    for (let round = 0; round < 40; round++) {
      const keys = [`staging/${round}/0`, `staging/${round}/1`, `staging/${round}/2`];
      await Promise.all(
        keys.map((Key) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: "x" }))),
      );
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "staging/" }),
    );
    expect(listed.Contents ?? []).toEqual([]);
  });

  it("lists more keys than one page holds, page by page", async () => {
    const keys = ["pages/a", "pages/b", "pages/c", "pages/d", "pages/e"];
    for (const Key of keys)
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: "x" }));
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: s3.bucket,
          Prefix: "pages/",
          MaxKeys: 2,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) seen.push(object.Key as string);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    expect(seen).toEqual(keys);
  });
});
