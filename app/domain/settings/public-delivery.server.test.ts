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
      "public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400",
    );
    expect(
      publicCacheControl({ cacheEnabled: true, cacheDuration: 300 }, { method: "HEAD", personal: false }),
    ).toContain("s-maxage=300");
  });

  test("never stored: a personal request or a form post, the cache on or off", () => {
    const on = { cacheEnabled: true, cacheDuration: 3600 };
    const off = { cacheEnabled: false, cacheDuration: 3600 };
    expect(publicCacheControl(off, { method: "GET", personal: true })).toBe("private, no-store");
    expect(publicCacheControl(off, { method: "POST", personal: false })).toBe("private, no-store");
    expect(publicCacheControl(on, { method: "GET", personal: true })).toBe("private, no-store");
    expect(publicCacheControl(on, { method: "POST", personal: false })).toBe("private, no-store");
  });

  test("the cache switched off: no cache answers for the server, yet the page is no one's own (offline reading keeps it)", () => {
    const header = publicCacheControl(
      { cacheEnabled: false, cacheDuration: 3600 },
      { method: "GET", personal: false },
    );
    expect(header).toBe("no-cache");
    // The service worker's rule for a page it may keep (public/service-worker.js, isKeepable).
    expect(header).not.toMatch(/\b(private|no-store)\b/i);
  });

  test("maintenance lets through only enabled staff with a role", () => {
    expect(passesMaintenance(false, null)).toBe(true);
    expect(passesMaintenance(true, null)).toBe(false);
    expect(passesMaintenance(true, { status: "active", role: "writer" })).toBe(true);
    expect(passesMaintenance(true, { status: "inactive", role: "admin" })).toBe(false);
    expect(passesMaintenance(true, { status: "active", role: null })).toBe(false);
  });
});
