import { describe, expect, it } from "vitest";
import { staleCurrentOf } from "./stale-save.ts";

const post = { id: "p1", version: 3, title: "Theirs" };

describe("reading a stale save's answer (decision 095)", () => {
  it("gives the current post of a 409 or 412 stale_version answer", () => {
    for (const status of [409, 412]) {
      const error = new Error(
        `${status}: ${JSON.stringify({ code: "stale_version", message: "changed", current: post })}`,
      );
      expect(staleCurrentOf(error)).toEqual(post);
    }
  });

  it("gives null for other conflicts, other statuses and bodies that are not JSON", () => {
    const slug = JSON.stringify({ code: "slug_taken", message: "taken" });
    expect(staleCurrentOf(new Error(`409: ${slug}`))).toBeNull();
    const stale = JSON.stringify({ code: "stale_version", message: "x", current: post });
    expect(staleCurrentOf(new Error(`400: ${stale}`))).toBeNull();
    expect(staleCurrentOf(new Error("409: Conflict"))).toBeNull();
    expect(staleCurrentOf("not an error")).toBeNull();
  });
});
