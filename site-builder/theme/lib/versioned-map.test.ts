import { describe, expect, it } from "vitest";
import { KeySet, VersionedMap } from "./versioned-map.ts";

const sorted = <K, V>(map: ReadonlyMap<K, V>) =>
  [...map].sort(([a], [b]) => String(a).localeCompare(String(b)));

describe("VersionedMap", () => {
  it("gives a new version with the changes, and the old one answers as before", () => {
    const v1 = new VersionedMap(
      new Map([
        ["a", 1],
        ["b", 2],
      ]),
    );
    const v2 = v1.with([
      ["a", 10],
      ["b", undefined],
      ["c", 3],
    ]);
    expect(sorted(v2)).toEqual([
      ["a", 10],
      ["c", 3],
    ]);
    expect(v2.size).toBe(2);
    expect([v2.get("b"), v2.has("b"), v2.has("c")]).toEqual([undefined, false, true]);
    // The older version reads through the undo record.
    expect(sorted(v1)).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(v1.size).toBe(2);
    expect([v1.get("a"), v1.get("c"), v1.has("c"), v1.has("b")]).toEqual([
      1,
      undefined,
      false,
      true,
    ]);
  });

  it("keeps every older version of a chain as it was, the first change of a key winning", () => {
    const versions = [new VersionedMap(new Map([["k", 0]]))];
    for (let i = 1; i <= 5; i++) {
      const last = versions[versions.length - 1] as VersionedMap<string, number>;
      // Two changes of one key in one step: the undo keeps the value from before the step.
      versions.push(
        last.with([
          ["k", -1],
          ["k", i],
          [`n${i}`, i],
        ]),
      );
    }
    versions.forEach((version, i) => {
      expect(version.get("k")).toBe(i);
      expect(version.size).toBe(i + 1);
      expect([...version.keys()].sort()).toEqual(
        ["k", ...Array.from({ length: i }, (_, j) => `n${j + 1}`)].sort(),
      );
      expect(version.has(`n${i + 1}`)).toBe(false);
    });
  });

  it("copies a version that is not the newest when another is derived from it", () => {
    const v1 = new VersionedMap(new Map([["a", 1]]));
    const v2 = v1.with([["b", 2]]);
    const other = v1.with([["c", 3]]);
    expect(sorted(v1)).toEqual([["a", 1]]);
    expect(sorted(v2)).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(sorted(other)).toEqual([
      ["a", 1],
      ["c", 3],
    ]);
    // Each branch goes on by itself.
    const v3 = v2.with([["a", undefined]]);
    expect(sorted(v3)).toEqual([["b", 2]]);
    expect(other.get("a")).toBe(1);
    expect(v2.get("a")).toBe(1);
  });

  it("takes a plain map as a copy, and a versioned one as it is", () => {
    const plain = new Map([["a", 1]]);
    const versioned = VersionedMap.of(plain);
    versioned.with([["a", 2]]);
    expect(plain.get("a")).toBe(1);
    expect(VersionedMap.of(versioned)).toBe(versioned);
  });

  it("shows its keys as a set", () => {
    const v1 = new VersionedMap(new Map([["a", 1]]));
    const v2 = v1.with([["b", 2]]);
    const keys = new KeySet(v1);
    expect([keys.has("a"), keys.has("b"), keys.size]).toEqual([true, false, 1]);
    expect([...new KeySet(v2)].sort()).toEqual(["a", "b"]);
  });
});
