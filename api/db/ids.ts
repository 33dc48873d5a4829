import { randomBytes } from "node:crypto";

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";

/** Opaque random id: 20 characters of Crockford-style base32 (100 bits), never sequential. */
export function newId(): string {
  const bytes = randomBytes(20);
  let id = "";
  for (const byte of bytes) id += alphabet[byte & 31];
  return id;
}
