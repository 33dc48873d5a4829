import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs 128 MiB per hash; N=2^15 keeps a
// sign-in burst within memory on a small server while staying well above the minimum
// recommended work factor for interactive logins.
const params = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };
const maxmem = 128 * params.N * params.r * 2;

function derive(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  keyLength: number,
) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, base64 parts, so parameters can rise later without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params.N, params.r, params.p, params.keyLength);
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(
    password,
    Buffer.from(salt, "base64"),
    Number(N),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

/** Verified against when the e-mail is unknown, so timing does not reveal which accounts exist. */
export const dummyPasswordHash = hashPassword(
  `not-a-real-password-${randomBytes(8).toString("hex")}`,
);
