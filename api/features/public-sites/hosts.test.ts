import { describe, expect, it } from "vitest";
import { isUsualHostSpelling, normalizeHost } from "./hosts.ts";

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
