import { describe, expect, test } from "vitest";
import {
  conflict,
  DOMAIN_ERROR_CODES,
  DomainError,
  forbidden,
  invalid,
  fieldsRefused,
  notFound,
  unavailable,
} from "./errors";
import {
  answersDomainErrors,
  bodyOf,
  expectedError,
  HTTP_STATUS,
  statusOf,
  toResponse,
  withDomainErrors,
} from "./http-errors.server";
import { captureLogEvents } from "#test-support/logs";

/** What a handler threw. */
async function thrownBy(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected a throw");
}

describe("statusOf and bodyOf", () => {
  test("each code has its status", () => {
    expect(HTTP_STATUS).toEqual({
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      too_large: 413,
      rate_limited: 429,
      unavailable: 503,
    });
    for (const code of DOMAIN_ERROR_CODES)
      expect(statusOf(new DomainError(code, "x"))).toBe(HTTP_STATUS[code]);
  });

  test("a refusal with a title is an error page: { title, message }", () => {
    const denied = forbidden("You don't have permission to access this page.", { title: "Access Denied" });
    expect(bodyOf(denied)).toEqual({
      title: "Access Denied",
      message: "You don't have permission to access this page.",
    });
  });

  test("field problems go back as fieldErrors; anything else as error (with what the screen acts on)", () => {
    expect(bodyOf(fieldsRefused("conflict", { name: "Taken." }))).toEqual({
      fieldErrors: { name: "Taken." },
    });
    expect(bodyOf(notFound("Category not found!"))).toEqual({ error: "Category not found!" });
    expect(bodyOf(invalid("Failed to save.", { detail: "0.name: required" }))).toEqual({
      error: "Failed to save.",
      detail: "0.name: required",
    });
    expect(bodyOf(conflict("Choose a target.", { needsMoveTarget: true }))).toEqual({
      error: "Choose a target.",
      needsMoveTarget: true,
    });
  });

  test("toResponse is the data() answer React Router's error boundaries read", () => {
    const answer = toResponse(forbidden("No.", { title: "Access Denied" }));
    expect(answer.data).toEqual({ title: "Access Denied", message: "No." });
    expect(answer.init?.status).toBe(403);
  });

  test("a refusal for now says when to ask again and is never stored by a cache", () => {
    const answer = toResponse(unavailable("Back at noon.", { title: "Under maintenance", retryAfter: 3600 }));
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({ title: "Under maintenance", message: "Back at noon." });
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("3600");
    expect(new Headers(answer.init?.headers).get("Cache-Control")).toBe("no-store");
    expect(toResponse(notFound("Gone")).init?.headers).toBeUndefined();
  });
});

describe("withDomainErrors", () => {
  test("passes results and other errors through untouched", async () => {
    const ok = withDomainErrors(async (n: number) => n * 2);
    expect(await ok(21)).toBe(42);
    const boom = new Error("boom");
    const failing = withDomainErrors(async () => {
      throw boom;
    });
    expect(await thrownBy(failing)).toBe(boom);
    const redirect = new Response(null, { status: 302, headers: { Location: "/admin/login" } });
    const redirecting = withDomainErrors(async () => {
      throw redirect;
    });
    expect(await thrownBy(redirecting)).toBe(redirect);
  });

  test("turns an escaping DomainError into its HTTP answer", async () => {
    const denied = withDomainErrors(async () => {
      throw forbidden("You don't have permission to access this page.", { title: "Access Denied" });
    });
    expect(await thrownBy(denied)).toMatchObject({
      data: { title: "Access Denied", message: "You don't have permission to access this page." },
      init: { status: 403 },
    });
  });

  test("marks what it wraps, so a test can check every route", () => {
    expect(answersDomainErrors(withDomainErrors(async () => null))).toBe(true);
    expect(answersDomainErrors(async () => null)).toBe(false);
    expect(answersDomainErrors(undefined)).toBe(false);
  });
});

describe("expectedError", () => {
  test("hands back a DomainError for the route to answer, logging nothing", () => {
    const log = captureLogEvents();
    const gone = notFound("Gone");
    expect(expectedError(gone, "[test] failed")).toBe(gone);
    log.stop();
    expect(log.events).toEqual([]);
  });

  test("throws 'forbidden' on: the 403 page answers it", () => {
    const denied = forbidden("No.", { title: "Access Denied" });
    expect(() => expectedError(denied, "[test] failed")).toThrow(denied);
  });

  test("logs an unexpected error with its context and returns undefined", () => {
    const log = captureLogEvents();
    const boom = new Error("boom");
    expect(expectedError(boom, "[test] failed", "id-1")).toBeUndefined();
    log.stop();
    expect(log.events).toMatchObject([
      { level: "error", component: "test", msg: "failed", context: ["id-1"], err: { message: "boom" } },
    ]);
  });
});
