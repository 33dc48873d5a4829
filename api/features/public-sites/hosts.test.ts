import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { isUsualHostSpelling, normalizeHost, resolveBlogByHost } from "./hosts.ts";
import { createPageCache } from "./page-cache.ts";
import { blogHostRoutes } from "./routes.ts";
import type { BlogServer } from "./serve.ts";

/** A database that fails any query: what must not be asked. */
const untouchable = new Proxy(
  {},
  {
    get() {
      throw new Error("the database was asked");
    },
  },
) as Database;

describe("resolveBlogByHost", () => {
  it("does not ask the database about a host no custom domain can have", async () => {
    for (const host of [
      "127.0.0.1:3000",
      "localhost",
      "localhost:5173",
      "[::1]:3000",
      "10.0.0.7",
    ]) {
      expect(await resolveBlogByHost(untouchable, "blogs.test", host), host).toBeUndefined();
    }
    // A name with a custom domain's shape is looked up.
    await expect(resolveBlogByHost(untouchable, "blogs.test", "blog.example.com")).rejects.toThrow(
      "the database was asked",
    );
  });
});

describe("blogHostRoutes", () => {
  it("passes the platform's own hosts on to the app without a lookup", async () => {
    const routes = blogHostRoutes(
      untouchable,
      "blogs.test",
      {} as BlogServer,
      createPageCache().hosts,
      new Set(),
      undefined,
      new Set(["cms.example.com"]),
    );
    const req = {
      path: "/api/blogs",
      headers: { host: "cms.example.com" },
      get: () => "cms.example.com",
    } as unknown as Request;
    let passed = false;
    await routes(req, {} as Response, () => {
      passed = true;
    });
    expect(passed).toBe(true);
  });
});

describe("normalizeHost", () => {
  it("reduces a Host header to the bare lower-case name", () => {
    expect(normalizeHost("garden.blogs.test")).toBe("garden.blogs.test");
    expect(normalizeHost("GARDEN.Blogs.Test.")).toBe("garden.blogs.test");
    expect(normalizeHost("garden.blogs.test:8080")).toBe("garden.blogs.test");
    expect(normalizeHost("garden.blogs.test.:443")).toBe("garden.blogs.test");
    expect(normalizeHost("XN--BCHER-KVA.example")).toBe("xn--bcher-kva.example");
  });

  it("refuses what is no host name", () => {
    for (const header of [
      undefined,
      "",
      "[::1]:80",
      "bücher.example",
      "garden..blogs.test",
      "evil.example/garden.blogs.test",
      "garden.blogs.test@evil.example",
      "garden.blogs.test:abc",
      `garden.blogs.test:${"9".repeat(6)}`,
      `${"a".repeat(250)}.test`,
    ]) {
      expect(normalizeHost(header), header).toBeUndefined();
    }
  });
});

describe("isUsualHostSpelling", () => {
  it("accepts the bare name and the name with the server's own port", () => {
    expect(isUsualHostSpelling("garden.blogs.test", 3000)).toBe(true);
    expect(isUsualHostSpelling("garden.blogs.test:3000", 3000)).toBe(true);
  });

  it("leaves out other ports, upper case and a trailing dot", () => {
    for (const header of [
      "garden.blogs.test:3001",
      "GARDEN.blogs.test",
      "garden.blogs.test.",
      "garden.blogs.test.:3000",
      "evil.example/x",
      undefined,
    ]) {
      expect(isUsualHostSpelling(header, 3000), header).toBe(false);
    }
  });
});
