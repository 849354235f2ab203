import { describe, expect, test } from "vitest";
import {
  conflict,
  DOMAIN_ERROR_CODES,
  DomainError,
  forbidden,
  invalid,
  fieldsRefused,
  isDomainError,
  notFound,
} from "./errors";

describe("DomainError", () => {
  test("carries a stable code and, as its message, the text the user sees", () => {
    const error = new DomainError("not_found", "Category not found!");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DomainError");
    expect(error.code).toBe("not_found");
    expect(error.message).toBe("Category not found!");
    expect(error.details).toEqual({});
    expect(error.title).toBeUndefined();
  });

  test("the constructors name the code; details come along unchanged", () => {
    expect(invalid("Bad").code).toBe("invalid");
    expect(notFound("Gone").code).toBe("not_found");
    expect(conflict("Taken", { field: "email" })).toMatchObject({
      code: "conflict",
      details: { field: "email" },
    });
    const denied = forbidden("You don't have permission to access this page.", { title: "Access Denied" });
    expect(denied).toMatchObject({ code: "forbidden", title: "Access Denied" });
  });

  test("field problems: the message is the first field's, the fields are kept", () => {
    const error = fieldsRefused("conflict", { name: "Name taken.", slug: "Slug taken." });
    expect(error.code).toBe("conflict");
    expect(error.message).toBe("Name taken.");
    expect(error.fieldErrors).toEqual({ name: "Name taken.", slug: "Slug taken." });
    expect(fieldsRefused("invalid", { content: "Please enter content." }).code).toBe("invalid");
  });

  test("isDomainError recognises the class, optionally by code; nothing else passes", () => {
    const error = notFound("Gone");
    expect(isDomainError(error)).toBe(true);
    expect(isDomainError(error, "not_found")).toBe(true);
    expect(isDomainError(error, "forbidden", "not_found")).toBe(true);
    expect(isDomainError(error, "forbidden")).toBe(false);
    expect(isDomainError(new Error("Gone"))).toBe(false);
    // Something that merely looks like one (say, a plain object with a code) is not one.
    expect(isDomainError({ code: "not_found", message: "Gone" })).toBe(false);
    expect(isDomainError(undefined)).toBe(false);
  });

  test("the codes are the stable list the mapper knows", () => {
    expect([...DOMAIN_ERROR_CODES].sort()).toEqual(
      [
        "conflict",
        "forbidden",
        "invalid",
        "not_found",
        "too_large",
        "unauthenticated",
        "unavailable",
        "rate_limited",
      ].sort(),
    );
  });
});
