/**
 * Password hashing with scrypt (node:crypto, no native add-on to build). The stored form carries its
 * parameters so they can be raised later without breaking existing hashes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 64;
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const MIN_STORED_KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 128 * PARAMS.N * PARAMS.r * 2 });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const N = Number(n);
  const expected = Buffer.from(keyB64, "base64");
  // A key that decodes to (almost) nothing would equal an empty derivation and accept any password.
  if (expected.length < MIN_STORED_KEY_LENGTH) return false;
  let actual: Buffer;
  try {
    actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 128 * N * Number(r) * 2,
    });
  } catch {
    // Damaged parameters (not a number, not a power of two): the hash cannot match.
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A readable random password for the first admin (printed once at first start). */
export function generatePassword(length = 16): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  // The user form's rule wants a letter and a digit: make sure both are there.
  return /\d/.test(out) && /[a-z]/i.test(out) ? out : generatePassword(length);
}
