/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA-1 over the number of
 * 30-second steps since 1970, 6 digits, secret in Base32 (RFC 4648). The algorithm, Base32 and the
 * otpauth:// address come from `otpauth`, a maintained library checked against the RFC's test vectors
 * (totp.server.test.ts); what this module adds is the app's policy: 160-bit secrets, one step of clock
 * drift either side, and a step that the caller refuses to accept twice. It only checks codes; the tests
 * make them as an authenticator app would (tests/support/authenticator.ts).
 */
import { Secret, TOTP } from "otpauth";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count: a phone's clock a little off, a code typed slowly. */
export const TOTP_DRIFT_STEPS = 1;
const ALGORITHM = "SHA1";

/** A new secret: 160 random bits, as RFC 4226 recommends, in Base32 for the app. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpStep = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

/** What a person typed, without the spaces and dashes apps show in the middle of a code. */
export const cleanCode = (typed: string) => typed.replace(/[\s-]/g, "");

/**
 * The time step a typed code belongs to, within the drift window, or null. The caller refuses a step
 * already used (a code seen over someone's shoulder, or sent twice) by remembering the last one.
 * The library compares in constant time.
 */
export function matchTotp(secret: string, typed: string, now = new Date()): number | null {
  const code = cleanCode(typed);
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    timestamp: now.getTime(),
    window: TOTP_DRIFT_STEPS,
  });
  return delta === null ? null : totpStep(now) + delta;
}

/**
 * The address an authenticator app reads from the QR code (Google's Key Uri Format). The label is
 * "issuer:account" and the format allows no other colon in it: apps split at the first one, so a site
 * named "Accra Times: Late Edition" would show as the account " Late Edition:…". Colons are dropped.
 */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const withoutColons = (text: string) => text.replace(/\s*:\s*/g, " ").trim();
  return new TOTP({
    issuer: withoutColons(issuer),
    label: withoutColons(account),
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString();
}
