import { TOTP, URI } from "otpauth";
import { describe, expect, test } from "vitest";
import { base32Decode, base32Encode, totpCode, totpStep } from "#test-support/authenticator";
import { matchTotp, newTotpSecret, otpauthUri } from "./totp.server";

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", 8-digit codes.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP", () => {
  test.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("RFC 6238 test vector at %i s: %s", (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  test("Base32 round-trips, as authenticator apps read it", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("mzxw 6ytb oi======").toString()).toBe("foobar");
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(() => base32Decode("not base32!")).toThrow();
  });

  test("a code matches its own step and one either side, not two away; spaces are allowed", () => {
    const now = new Date("2026-11-24T10:00:15Z");
    const step = totpStep(now);
    const secret = newTotpSecret();
    expect(matchTotp(secret, totpCode(secret, step), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, step - 2), now)).toBeNull();
    const code = totpCode(secret, step);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    for (const typed of ["", "12345", "1234567", "abcdef", "12345\u0000"])
      expect(matchTotp(secret, typed, now)).toBeNull();
  });

  test("the QR code's address names the site and the account, with the key and the code's shape", () => {
    const address = new URL(otpauthUri("JBSWY3DPEHPK3PXP", "ama@example.com", "Newsdesk"));
    expect(address.protocol).toBe("otpauth:");
    expect(address.host).toBe("totp");
    expect(decodeURIComponent(address.pathname)).toBe("/Newsdesk:ama@example.com");
    expect(Object.fromEntries(address.searchParams)).toEqual({
      secret: "JBSWY3DPEHPK3PXP",
      issuer: "Newsdesk",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });

  test("an app reading the address shows the site and the account, also when the site's name has a colon", () => {
    // Read as authenticator apps read it: the label's first literal colon separates issuer and account.
    const read = URI.parse(otpauthUri("JBSWY3DPEHPK3PXP", "kofi@example.com", "Accra Times: Late Edition"));
    expect(read).toBeInstanceOf(TOTP);
    expect([read.issuer, read.label, read.secret.base32]).toEqual([
      "Accra Times Late Edition",
      "kofi@example.com",
      "JBSWY3DPEHPK3PXP",
    ]);
  });

  test("the RFC 6238 vectors at 6 digits, the length authenticator apps show", () => {
    // The 8-digit vectors above, cut to their last six digits (the same HMAC, a smaller modulus).
    for (const [seconds, code] of [
      [59, "287082"],
      [1111111109, "081804"],
      [1234567890, "005924"],
      [20000000000, "353130"],
    ] as const) {
      const now = new Date(seconds * 1000);
      expect(totpCode(RFC_SECRET, totpStep(now))).toBe(code);
      expect(matchTotp(RFC_SECRET, code, now)).toBe(totpStep(now));
    }
  });
});
