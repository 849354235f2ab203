import { describe, expect, test } from "vitest";
import {
  checkForm,
  cleanSearch,
  editUserSchema,
  newUserSchema,
  passwordChangeSchema,
  profileSchema,
} from "./user-form";

const valid = {
  name: "Ama Mensah",
  email: "Ama@Example.com",
  password: "secret12",
  role: "writer",
  status: "active",
  bio: "",
  avatarUrl: "",
};

const errorsFor = (values: Record<string, unknown>) => {
  const result = checkForm(newUserSchema, { ...valid, ...values });
  return result.ok ? {} : result.errors;
};

describe("add user form", () => {
  test("accepts a valid user, lowercases the email, strips < and >", () => {
    const result = checkForm(newUserSchema, { ...valid, name: " <b>Ama</b> ", bio: "Hi <there>" });
    expect(result).toEqual({
      ok: true,
      data: { ...valid, name: "bAma/b", email: "ama@example.com", bio: "Hi there" },
    });
  });

  test("defaults: role writer, status active", () => {
    const result = checkForm(newUserSchema, { name: "Ama", email: "a@b.co", password: "abc123" });
    expect(result.ok && [result.data.role, result.data.status]).toEqual(["writer", "active"]);
  });

  test.each([
    [{ name: "" }, "name", "Missing Name", undefined],
    [{ name: " <> " }, "name", "Missing Name", undefined],
    [{ name: "A" }, "name", "Name Too Short", "Name must be at least 2 characters long."],
    [{ name: "A".repeat(101) }, "name", "Name Too Long", undefined],
    [{ email: "" }, "email", "Missing Email", undefined],
    [{ email: "not-an-email" }, "email", "Invalid Email", "Please enter a valid email address."],
    [{ email: `${"a".repeat(250)}@b.co` }, "email", "Invalid Email", "Please enter a valid email address."],
    [{ password: "" }, "password", "Missing Password", undefined],
    [
      { password: "abc12" },
      "password",
      "Weak Password",
      "Password must be at least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used.",
    ],
    [
      { password: "abcdefgh" },
      "password",
      "Weak Password",
      "Password must be at least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used.",
    ],
    [
      { password: "12345678" },
      "password",
      "Weak Password",
      "Password must be at least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used.",
    ],
    // A hyphen is outside the spec's characters: the refusal says which characters are allowed.
    [
      { password: "Passw0rd-Long-123" },
      "password",
      "Weak Password",
      "Password must be at least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used.",
    ],
    [
      { password: "abc 123" },
      "password",
      "Weak Password",
      "Password must be at least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used.",
    ],
    [
      { password: `a1${"x".repeat(127)}` },
      "password",
      "Weak Password",
      "Password must be at least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used.",
    ],
    [{ bio: "b".repeat(501) }, "bio", "Bio Too Long", undefined],
    [{ avatarUrl: "not a url" }, "avatarUrl", "Invalid URL", "Please enter a valid avatar URL."],
    [{ avatarUrl: "javascript:alert(1)" }, "avatarUrl", "Invalid URL", "Please enter a valid avatar URL."],
    [
      { avatarUrl: `https://x.co/${"a".repeat(2040)}` },
      "avatarUrl",
      "Invalid URL",
      "Please enter a valid avatar URL.",
    ],
    [{ role: "subscriber" }, "role", "Invalid Role", undefined],
    [{ status: "banned" }, "status", "Invalid Status", undefined],
  ])("%o gives %s: %s", (values, field, title, message) => {
    const errors = errorsFor(values);
    expect(errors[field]).toEqual(message ? { title, message } : { title });
    expect(Object.keys(errors)).toEqual([field]);
  });

  test("allows the spec's special characters in passwords and a pending status", () => {
    expect(errorsFor({ password: "Pa55@$!%*?&", status: "pending" })).toEqual({});
  });
});

describe("edit user form", () => {
  test("password is optional, but follows the rule when given", () => {
    expect(checkForm(editUserSchema, { ...valid, password: "" }).ok).toBe(true);
    const result = checkForm(editUserSchema, { ...valid, password: "short" });
    expect(result.ok ? null : result.errors.password?.title).toBe("Weak Password");
  });
});

describe("profile form", () => {
  test("requires the full name and checks the website", () => {
    const result = checkForm(profileSchema, { name: "", bio: "", website: "ftp://x", location: "Accra" });
    expect(result.ok ? null : result.errors).toEqual({
      name: { title: "Missing Name" },
      website: { title: "Invalid Website", message: "Please enter a valid website URL." },
    });
  });
});

describe("password change", () => {
  test("needs the current password, a strong new one and the same confirmation", () => {
    const result = checkForm(passwordChangeSchema, {
      currentPassword: "",
      newPassword: "abc123",
      confirmPassword: "abc124",
    });
    expect(
      result.ok ? null : Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v.title])),
    ).toEqual({
      currentPassword: "Missing Current Password",
      confirmPassword: "Passwords Do Not Match",
    });
  });
});

test("search is stripped of < and >, trimmed and cut at 100", () => {
  expect(cleanSearch("  <ama>  ")).toBe("ama");
  expect(cleanSearch("x".repeat(150))).toHaveLength(100);
  expect(cleanSearch(null)).toBe("");
});
