import { describe, expect, test } from "vitest";
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from "./totp.server";

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

  test("the QR code's address names the site and the account", () => {
    expect(otpauthUri("JBSWY3DPEHPK3PXP", "ama@example.com", "Newsdesk")).toBe(
      "otpauth://totp/Newsdesk%3Aama%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Newsdesk&algorithm=SHA1&digits=6&period=30",
    );
  });
});
