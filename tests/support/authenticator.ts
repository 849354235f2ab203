/**
 * What an authenticator app does with a two-factor key, for tests that sign in with a code: the code for
 * a 30-second step (RFC 6238: RFC 4226's HOTP with the step as its counter), and Base32 as the apps read
 * keys. The app itself only checks codes (app/auth/totp.server.ts); these make them.
 */
import { HOTP, Secret } from "otpauth";
import { TOTP_DIGITS, TOTP_STEP_SECONDS } from "#app/auth/totp.server";

/** The number of steps since 1970 at `now`, the counter a code is made from. */
export const totpStep = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code for one time step, as the app on a phone shows it. */
export const totpCode = (secret: string, step: number, digits = TOTP_DIGITS): string =>
  HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits, algorithm: "SHA1" });

/** Bytes as a Base32 key (RFC 4648). */
export const base32Encode = (bytes: Uint8Array): string => new Secret({ buffer: copyOf(bytes) }).base32;

/** The bytes of a Base32 key; case, spaces and padding as people and apps write them. Throws if not Base32. */
export const base32Decode = (text: string): Buffer =>
  Buffer.from(Secret.fromBase32(text.toUpperCase().replace(/[\s=-]/g, "")).bytes);

/** A fresh ArrayBuffer holding exactly these bytes (a Buffer may be a window on a larger pool). */
function copyOf(bytes: Uint8Array): ArrayBuffer {
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}
