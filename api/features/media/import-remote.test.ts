import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFolderStorage } from "../../../site-builder/storage/folder-storage.ts";
import { createOwnerWithBlog } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/images.ts";
import { importRemoteImage, libraryImageImporter, type RemoteImageDeps } from "./import-remote.ts";

let app: TestApp;
let peer: Server;
let base: string;
let photo: Buffer;
let slowHits = 0;

beforeAll(async () => {
  app = await startTestApp();
  photo = await makeImage({ width: 300, height: 200 });
  // A real HTTP peer on loopback: images, redirects, a big body, a slow one.
  peer = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/boat.jpg")
      return res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    if (path === "/to-boat") return res.writeHead(302, { location: "/boat.jpg" }).end();
    if (path === "/to-metadata")
      return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (path === "/to-private")
      return res.writeHead(301, { location: "http://10.1.2.3/x.jpg" }).end();
    if (path === "/to-loopback6")
      return res
        .writeHead(302, {
          location: `http://[::1]:${(peer.address() as AddressInfo).port}/boat.jpg`,
        })
        .end();
    if (path === "/huge") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.end(Buffer.alloc(3 * 1024 * 1024, 1));
      return;
    }
    if (path === "/slow") {
      slowHits++;
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.write(photo.subarray(0, 100));
      return; // never ends
    }
    if (path === "/page.jpg") return res.writeHead(200).end("<html><script>1</script></html>");
    res.writeHead(404).end();
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => peer.once("listening", resolve));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  peer.closeAllConnections();
  peer.close();
  await app.close();
});

const deps = (extra: Partial<RemoteImageDeps> = {}): RemoteImageDeps => ({
  db: app.db,
  storage: createFolderStorage(app.env.SITES_DIR),
  contentEvents: { blogChanged: async () => {} },
  ...extra,
});
/** The test peer is on loopback: only this one address is let through, for the tests that fetch. */
const peerOnly = (address: string) => address === "127.0.0.1";
const files = (blogId: string) => {
  try {
    return readdirSync(join(app.env.SITES_DIR, "media", blogId));
  } catch {
    return [];
  }
};

describe("importRemoteImage", () => {
  it("refuses a loopback peer by address and by name, and stores nothing", async () => {
    const { blogId } = await createOwnerWithBlog(app);
    await expect(importRemoteImage(deps(), blogId, `${base}/boat.jpg`)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("non-public addresses (127.0.0.1)"),
    });
    const byName = base.replace("127.0.0.1", "localhost");
    await expect(importRemoteImage(deps(), blogId, `${byName}/boat.jpg`)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("non-public addresses (localhost)"),
    });
    expect(files(blogId)).toEqual([]);
  });

  it("fetches an image into the library, following a redirect", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const item = await importRemoteImage(
      deps({ allowAddress: peerOnly }),
      blogId,
      `${base}/to-boat`,
    );
    expect(item).toMatchObject({ fileName: "boat.jpg", width: 300, height: 200, blogId });
    expect(files(blogId).length).toBe(item.variants.length);
    const listed = (await owner.get(`/api/blogs/${blogId}/media`)).body;
    expect(listed.map((m: { id: string }) => m.id)).toEqual([item.id]);
  });

  it("is the importer's image hook: the library file's address, or why not", async () => {
    const { blogId } = await createOwnerWithBlog(app);
    const fetched = await libraryImageImporter(deps({ allowAddress: peerOnly }))(
      blogId,
      `${base}/boat.jpg`,
    );
    expect(fetched).toEqual({ url: expect.stringMatching(/^\/media\/[0-9a-f]{32}-\d+\.jpg$/) });
    const refusedOne = await libraryImageImporter(deps())(blogId, `${base}/boat.jpg`);
    expect(refusedOne).toEqual({ error: expect.stringContaining("non-public addresses") });
  });

  it("refuses redirects to link-local, private and loopback addresses", async () => {
    const { blogId } = await createOwnerWithBlog(app);
    for (const [path, shown] of [
      ["/to-metadata", "169.254.169.254"],
      ["/to-private", "10.1.2.3"],
      ["/to-loopback6", "::1"],
    ]) {
      await expect(
        importRemoteImage(deps({ allowAddress: peerOnly }), blogId, `${base}${path}`),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining(`(${shown})`) });
    }
    expect(files(blogId)).toEqual([]);
  });

  it("enforces the size and time limits, and checks the bytes like an upload", async () => {
    const { blogId } = await createOwnerWithBlog(app);
    const limited = deps({ allowAddress: peerOnly, maxBytes: 1024 * 1024, timeoutMs: 500 });
    await expect(importRemoteImage(limited, blogId, `${base}/huge`)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("larger than 1 MB"),
    });
    await expect(importRemoteImage(limited, blogId, `${base}/slow`)).rejects.toMatchObject({
      status: 504,
    });
    expect(slowHits).toBe(1);
    await expect(importRemoteImage(limited, blogId, `${base}/page.jpg`)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("not an image Blogfleet accepts"),
    });
    await expect(importRemoteImage(limited, blogId, "file:///etc/passwd")).rejects.toMatchObject({
      status: 400,
    });
    expect(files(blogId)).toEqual([]);
  });
});
