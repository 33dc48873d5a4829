import { describe, expect, it } from "vitest";
import { readSidebarCookie, sidebarCookie } from "./sidebar-cookie.ts";

describe("sidebar_state cookie (spec section 9)", () => {
  it("is kept for 7 days on the whole site", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; Max-Age=604800; Path=/; SameSite=Lax");
  });
  it("reads expanded, collapsed or never chosen", () => {
    expect(readSidebarCookie("a=1; sidebar_state=true")).toBe(true);
    expect(readSidebarCookie("sidebar_state=false; theme=x")).toBe(false);
    expect(readSidebarCookie("a=1")).toBeUndefined();
    expect(readSidebarCookie("sidebar_state=maybe")).toBeUndefined();
  });
});
