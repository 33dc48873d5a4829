import { randomFillSync } from "node:crypto";

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
const idLength = 20;

/**
 * Random bytes drawn 4 KiB at a time: one call to the system's generator per 204 ids instead of
 * one per id (each was a synchronous crypto call on the request's thread).
 */
const pool = Buffer.alloc(idLength * 204);
let offset = pool.length;

/** Opaque random id: 20 characters of Crockford-style base32 (100 bits), never sequential. */
export function newId(): string {
  if (offset + idLength > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  let id = "";
  for (let i = offset; i < offset + idLength; i++) id += alphabet[(pool[i] as number) & 31];
  offset += idLength;
  return id;
}
