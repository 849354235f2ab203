import { describe, expect, test } from "vitest";
import { hasPersonalCookie, passesMaintenance, publicCacheControl } from "./public-delivery.server";

describe("public delivery rules", () => {
  test("a staff session or a one-time message makes the page personal; other cookies do not", () => {
    expect(hasPersonalCookie(null)).toBe(false);
    expect(hasPersonalCookie("theme=dark; _ga=GA1.2")).toBe(false);
    expect(hasPersonalCookie("theme=dark; nd_session=abc")).toBe(true);
    expect(hasPersonalCookie("nd_flash=xyz")).toBe(true);
    expect(hasPersonalCookie("not_nd_session=abc")).toBe(false);
  });

  test("anonymous GETs are cached by shared caches for the configured duration; browsers revalidate", () => {
    const on = { cacheEnabled: true, cacheDuration: 3600 };
    expect(publicCacheControl(on, { method: "GET", personal: false })).toBe(
      "public, max-age=0, s-maxage=3600, stale-while-revalidate=60",
    );
    expect(
      publicCacheControl({ cacheEnabled: true, cacheDuration: 300 }, { method: "HEAD", personal: false }),
    ).toContain("s-maxage=300");
  });

  test("never stored: cache off, a personal request, or a form post", () => {
    expect(
      publicCacheControl({ cacheEnabled: false, cacheDuration: 3600 }, { method: "GET", personal: false }),
    ).toBe("private, no-store");
    const on = { cacheEnabled: true, cacheDuration: 3600 };
    expect(publicCacheControl(on, { method: "GET", personal: true })).toBe("private, no-store");
    expect(publicCacheControl(on, { method: "POST", personal: false })).toBe("private, no-store");
  });

  test("maintenance lets through only enabled staff with a role", () => {
    expect(passesMaintenance(false, null)).toBe(true);
    expect(passesMaintenance(true, null)).toBe(false);
    expect(passesMaintenance(true, { status: "active", role: "writer" })).toBe(true);
    expect(passesMaintenance(true, { status: "inactive", role: "admin" })).toBe(false);
    expect(passesMaintenance(true, { status: "active", role: null })).toBe(false);
  });
});
