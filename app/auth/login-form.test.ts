import { describe, expect, test } from "vitest";
import {
  cleanLoginInput,
  loginFormError,
  loginSchema,
  LOGIN_EMAIL_PATTERN,
  MIN_PASSWORD_LENGTH,
} from "./login-form";

// The sign-in screen's texts, verbatim, written out by hand so that a change to them fails here.
const INVALID_EMAIL = "Please enter a valid email address.";
const SHORT_PASSWORD = "Password must be at least 6 characters long.";

describe("the e-mail pattern: text, an at sign, text, a dot, text", () => {
  test.each(["a@b.c", "jane.doe@example.com", "x+tag@sub.domain.org", "UPPER@EXAMPLE.COM"])(
    "%s is accepted",
    (email) => {
      expect(LOGIN_EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  test.each([
    "",
    "plain",
    "@example.com",
    "jane@",
    "jane@example",
    "jane@.",
    "jane@example.",
    "jane@@example.com",
    "ja ne@example.com",
    "jane@exa mple.com",
  ])("%j is refused", (email) => {
    expect(LOGIN_EMAIL_PATTERN.test(email)).toBe(false);
  });
});

describe("cleanLoginInput", () => {
  test.each([
    ["  jane@example.com  ", "jane@example.com"],
    ["<script>jane@example.com</script>", "scriptjane@example.com/script"],
    [" <> ", ""],
    ["pa<ss>word", "password"],
    ["\tsecret\n", "secret"],
  ])("%j → %j", (raw, cleaned) => {
    expect(cleanLoginInput(raw)).toBe(cleaned);
  });
});

describe("loginFormError", () => {
  test("a well-formed form has no error", () => {
    expect(loginFormError("jane@example.com", "secret")).toBeNull();
  });

  test("a bad e-mail gets the spec's text", () => {
    expect(loginFormError("jane@example", "secret1")).toBe(INVALID_EMAIL);
    expect(loginFormError("", "secret1")).toBe(INVALID_EMAIL);
  });

  test("the e-mail is checked first", () => {
    expect(loginFormError("nope", "x")).toBe(INVALID_EMAIL);
  });

  test("a password under 6 characters gets the spec's text", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(loginFormError("jane@example.com", "12345")).toBe(SHORT_PASSWORD);
    expect(loginFormError("jane@example.com", "")).toBe(SHORT_PASSWORD);
    expect(loginFormError("jane@example.com", "123456")).toBeNull();
  });

  test("the length counts after trimming and removing < and >", () => {
    expect(loginFormError("jane@example.com", "  12345  ")).toBe(SHORT_PASSWORD);
    expect(loginFormError("jane@example.com", "<<12345>>")).toBe(SHORT_PASSWORD);
  });

  test("an e-mail that is only valid once cleaned passes", () => {
    expect(loginFormError("  <jane@example.com>  ", "secret1")).toBeNull();
  });
});

describe("loginSchema (the server's parse)", () => {
  test("returns the cleaned values, the e-mail lowercased", () => {
    expect(loginSchema.parse({ email: "  <Jane@Example.COM> ", password: " <secret1> " })).toEqual({
      email: "jane@example.com",
      password: "secret1",
    });
  });

  test("refuses missing fields", () => {
    expect(loginSchema.safeParse({}).success).toBe(false);
    expect(loginSchema.safeParse({ email: "jane@example.com" }).success).toBe(false);
  });
});
