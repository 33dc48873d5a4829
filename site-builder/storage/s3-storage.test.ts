import { randomBytes } from "node:crypto";
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalKey, parseStorageUrl } from "./keys.ts";
import { createS3Storage, s3ClientConfig } from "./s3-storage.ts";
import { startTestS3Server, type TestS3Server, testS3Credentials } from "./s3-test-server.ts";
import { storageContract } from "./storage-contract.ts";

let server: TestS3Server;
let client: S3Client;
beforeAll(async () => {
  server = await startTestS3Server();
  client = new S3Client({
    ...s3ClientConfig({ endpoint: server.endpoint }),
    credentials: testS3Credentials,
  });
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
});

// Each test gets its own prefix in the bucket, as two installations sharing a bucket would.
storageContract("object storage (S3)", async () => ({
  storage: createS3Storage({
    bucket: server.bucket,
    prefix: `t-${randomBytes(4).toString("hex")}/sites`,
    client,
  }),
  close: async () => {},
}));

describe("object storage (S3)", () => {
  it("keeps nothing on a local path, and every key under its own prefix", async () => {
    const prefix = `t-${randomBytes(4).toString("hex")}`;
    const storage = createS3Storage({ bucket: server.bucket, prefix, client });
    await storage.put("media/a.txt", "a");
    const generation = await storage.beginGeneration("blogs/x");
    await generation.put("index.html", "x");
    await generation.publish();
    expect(storage.pathOf("media/a.txt")).toBeUndefined();
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: server.bucket, Prefix: `${prefix}/` }),
    );
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(
      [
        `${prefix}/.live/blogs/x`,
        `${prefix}/${generation.prefix}/index.html`,
        `${prefix}/media/a.txt`,
      ].sort(),
    );
  });

  it("stores pages and images with their media type, for a CDN serving the bucket", async () => {
    const prefix = `t-${randomBytes(4).toString("hex")}`;
    const storage = createS3Storage({ bucket: server.bucket, prefix, client });
    const generation = await storage.beginGeneration("blogs/x");
    await generation.put("index.html", "<p>home</p>");
    await generation.put("og/card.png", new Uint8Array([1, 2, 3]));
    await generation.publish();
    await storage.putAll([{ key: `${generation.prefix}/post/a.html`, body: "<p>a</p>" }]);
    const typeOf = async (key: string) =>
      (await client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: `${prefix}/${key}` })))
        .ContentType;
    expect(await typeOf(`${generation.prefix}/index.html`)).toBe("text/html; charset=utf-8");
    expect(await typeOf(`${generation.prefix}/og/card.png`)).toBe("image/png");
    // Made visible by a server-side copy of a staged body, which had no type of its own.
    expect(await typeOf(`${generation.prefix}/post/a.html`)).toBe("text/html; charset=utf-8");
  });

  it("reads s3://bucket/prefix and refuses anything else", () => {
    expect(parseStorageUrl("s3://my-bucket/sites/prod/")).toEqual({
      bucket: "my-bucket",
      prefix: "sites/prod",
    });
    expect(parseStorageUrl("s3://my-bucket")).toEqual({ bucket: "my-bucket", prefix: "" });
    expect(parseStorageUrl("s3://My_Bucket/x")).toBeUndefined();
    expect(parseStorageUrl("s3://bucket/../x")).toBeUndefined();
    expect(parseStorageUrl("file:///tmp")).toBeUndefined();
    expect(normalKey("a//b/./c")).toBe("a/b/c");
    expect(normalKey("a/../../b")).toBeUndefined();
  });
});
