import { expect, it } from "vitest";
import { newId } from "./ids.ts";

it("makes ids of 20 base32 characters, none repeated across refills of the random pool", () => {
  const ids = Array.from({ length: 5000 }, newId);
  for (const id of ids) expect(id).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{20}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
