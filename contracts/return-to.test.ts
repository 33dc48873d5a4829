import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-to.ts";

describe("safeReturnPath", () => {
  it("keeps a path of the app with its query and hash", () => {
    expect(safeReturnPath("/editor?id=abc123")).toBe("/editor?id=abc123");
    expect(safeReturnPath("/settings#account")).toBe("/settings#account");
    expect(safeReturnPath("/posts")).toBe("/posts");
  });

  it("refuses anything that could lead to another site", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/..//evil.example",
      "/.//evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      " /posts",
      `/${"a".repeat(2000)}`,
      undefined,
      ["/posts"],
    ]) {
      expect([value, safeReturnPath(value)]).toEqual([value, null]);
    }
  });

  it("refuses the sign-in and API routes themselves", () => {
    expect(safeReturnPath("/api/logout")).toBeNull();
    expect(safeReturnPath("/auth/sign-in")).toBeNull();
    expect(safeReturnPath("/api")).toBeNull();
    expect(safeReturnPath("/apiary")).toBe("/apiary");
  });
});
