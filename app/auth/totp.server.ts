/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA-1 over the number of
 * 30-second steps since 1970, 6 digits, secret in Base32 (RFC 4648). Small enough to keep here rather than
 * take a library for: the parts that matter for safety (a code is accepted once, a step either side for
 * clock drift, a constant-time comparison) are ours either way.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count: a phone's clock a little off, a code typed slowly. */
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Not Base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits, as RFC 4226 recommends, in Base32 for the app. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const totpStep = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code for one time step (RFC 4226's dynamic truncation). */
export function totpCode(secret: string, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** What a person typed, without the spaces and dashes apps show in the middle of a code. */
export const cleanCode = (typed: string) => typed.replace(/[\s-]/g, "");

/**
 * The time step a typed code belongs to, within the drift window, or null. The caller refuses a step
 * already used (a code seen over someone's shoulder, or sent twice) by remembering the last one.
 */
export function matchTotp(secret: string, typed: string, now = new Date()): number | null {
  const code = cleanCode(typed);
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  let found: number | null = null;
  // Every candidate is compared, matched or not, so the time taken does not say which step matched.
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(code)) && found === null)
      found = step;
  }
  return found;
}

/** The address an authenticator app reads from the QR code (Google's Key Uri Format). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
