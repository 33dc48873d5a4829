import { describe, expect, it } from "vitest";
import { activeNavUrl } from "./nav-items.ts";

describe("activeNavUrl", () => {
  it("marks the entry of the current screen", () => {
    expect(activeNavUrl("/")).toBe("/dashboard");
    expect(activeNavUrl("/dashboard")).toBe("/dashboard");
    expect(activeNavUrl("/posts")).toBe("/posts");
    expect(activeNavUrl("/settings/")).toBe("/settings");
    expect(activeNavUrl("/affiliate-recommendations")).toBe("/affiliate-recommendations");
  });
  it("counts the editor as part of All Posts", () => {
    expect(activeNavUrl("/editor")).toBe("/posts");
  });
  it("marks nothing on other pages", () => {
    expect(activeNavUrl("/nope")).toBeUndefined();
    expect(activeNavUrl("/postsx")).toBeUndefined();
  });
});
