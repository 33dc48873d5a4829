import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPageServer } from "../test/page-server.ts";
import { fetchPublic, isPublicAddress, RemoteFetchError } from "./public-fetch.ts";

let pages: Awaited<ReturnType<typeof startPageServer>>;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(async () => {
  await pages.close();
});

const peerOnly = (address: string) => address === "127.0.0.1";
const limits = { maxBytes: 1024 * 1024, timeoutMs: 2000 };

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, unique-local and unspecified addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe("fetchPublic", () => {
  it("refuses a name when any address it resolves to is refused, and connects to none", async () => {
    const before = pages.hits.get("/articles/bokashi") ?? 0;
    const resolveHost = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    const url = `http://mixed.test:${pages.port}/articles/bokashi`;
    await expect(
      fetchPublic(url, { ...limits, allowAddress: peerOnly, resolveHost }),
    ).rejects.toMatchObject({ reason: "non-public", detail: "mixed.test" });
    expect(pages.hits.get("/articles/bokashi") ?? 0).toBe(before);
    // The same name answering only the allowed address is fetched, from that address.
    const only = async () => [{ address: "127.0.0.1", family: 4 }];
    const page = await fetchPublic(url, { ...limits, allowAddress: peerOnly, resolveHost: only });
    expect(page.finalUrl).toBe(url);
    expect(page.bytes.toString()).toContain("Bokashi composting, measured");
  });

  it("refuses an unwanted media type before reading the body, and too many redirects", async () => {
    const error = await fetchPublic(pages.url("/report.pdf"), {
      ...limits,
      allowAddress: peerOnly,
      acceptType: (type) => type === "text/html",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteFetchError);
    expect(error).toMatchObject({ reason: "unwanted-type", detail: "application/pdf" });

    pages.route("/loop", (_req, res) => res.writeHead(302, { location: "/loop" }).end());
    await expect(
      fetchPublic(pages.url("/loop"), { ...limits, allowAddress: peerOnly, maxRedirects: 2 }),
    ).rejects.toMatchObject({ reason: "too-many-redirects" });
    expect(pages.hits.get("/loop")).toBe(3);
  });
});
