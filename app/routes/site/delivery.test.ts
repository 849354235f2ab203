/**
 * The settings' cache and maintenance switches reach real public responses: the site layout speaks for
 * every public page (the Cache flag and duration of Settings, and maintenance; decision record 006).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { settings } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { MAINTENANCE_TITLE } from "#app/domain/settings/maintenance-text";
import { getRequest, makeUser, routeArgs, sessionCookieFor } from "#test-support/route-calls";
import * as layoutRoute from "./layout";

type LayoutArgs = Parameters<typeof layoutRoute.loader>[0];
type HeadersArgs = Parameters<typeof layoutRoute.headers>[0];

interface Answer {
  status: number;
  headers: Headers;
  data: { title?: string; message?: string; inMaintenance?: boolean };
}

async function visit(path: string, cookie?: string, method = "GET"): Promise<Answer> {
  const request =
    method === "GET"
      ? getRequest(path, cookie)
      : new Request(`http://localhost${path}`, { method, body: "" });
  try {
    const result = (await layoutRoute.loader(routeArgs(request) as unknown as LayoutArgs)) as unknown as {
      data: Answer["data"];
      init: ResponseInit | null;
    };
    const loaderHeaders = new Headers(result.init?.headers);
    const sent = new Headers(
      layoutRoute.headers({
        loaderHeaders,
        errorHeaders: undefined,
      } as unknown as HeadersArgs) as HeadersInit,
    );
    return { status: result.init?.status ?? 200, headers: sent, data: result.data };
  } catch (thrown) {
    const error = thrown as { data: Answer["data"]; init: ResponseInit | null };
    const errorHeaders = new Headers(error.init?.headers);
    const sent = new Headers(
      layoutRoute.headers({
        loaderHeaders: new Headers(),
        errorHeaders,
      } as unknown as HeadersArgs) as HeadersInit,
    );
    return { status: error.init?.status ?? 500, headers: sent, data: error.data };
  }
}

async function setSettings(values: Partial<typeof settings.$inferInsert>, database: TestDatabase) {
  await database.db.update(settings).set(values);
  forgetCachedSettings();
}

describe.each(TEST_ENGINES)("public delivery on %s", (engine) => {
  let database: TestDatabase;
  let staffCookie = "";
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    const writer = await makeUser("writer@example.com", "writer");
    staffCookie = await sessionCookieFor(writer.id);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database?.destroy();
  });

  test("cache on (the default): anonymous pages carry the configured shared-cache lifetime", async () => {
    const anonymous = await visit("/");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400",
    );
    await setSettings({ cacheDuration: 900 }, database);
    expect((await visit("/")).headers.get("Cache-Control")).toContain("s-maxage=900");
  });

  test("a signed-in page is never stored; with the cache switched off every use is checked with the server", async () => {
    expect((await visit("/", staffCookie)).headers.get("Cache-Control")).toBe("private, no-store");
    await setSettings({ cacheEnabled: false }, database);
    // Not personal: the service worker keeps it for offline reading (decision record 019).
    expect((await visit("/")).headers.get("Cache-Control")).toBe("no-cache");
    expect((await visit("/", staffCookie)).headers.get("Cache-Control")).toBe("private, no-store");
    await setSettings({ cacheEnabled: true, cacheDuration: 3600 }, database);
  });

  test("maintenance: readers get 503 with the message, staff browse with a banner", async () => {
    await setSettings({ maintenanceEnabled: true, maintenanceMessage: "Back at noon." }, database);
    const reader = await visit("/article/anything");
    expect(reader.status).toBe(503);
    expect(reader.data).toEqual({ title: MAINTENANCE_TITLE, message: "Back at noon." });
    expect(reader.headers.get("Cache-Control")).toBe("no-store");
    // Retry-After: the cache duration (Settings → Advanced, 3600 by default).
    expect(reader.headers.get("Retry-After")).toBe("3600");
    const forged = await visit("/", "nd_session=not-a-real-session");
    expect(forged.status).toBe(503);
    const staff = await visit("/", staffCookie);
    expect(staff.status).toBe(200);
    expect(staff.data.inMaintenance).toBe(true);
    await setSettings({ maintenanceEnabled: false }, database);
    expect((await visit("/")).status).toBe(200);
  });
});
