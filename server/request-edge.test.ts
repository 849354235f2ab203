/**
 * The hostile-input probe's findings at the edge of the app (decision record 009), over HTTP, each as the
 * probe sent it: an open redirect through `?redirect=`, a poisoned Host in links and feeds, NUL bytes and
 * bodies that are not forms (500s before), HSTS and X-Forwarded-Proto behind a trusted proxy, and the sign-in
 * page kept by caches.
 */
import { request as httpRequest } from "node:http";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestDatabase } from "#test-support/test-database";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
} from "#test-support/app-over-http";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  schema: typeof import("#app/db/schema");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request: fetch would refuse a forged Host header and clean up the path. */
function raw(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method: options.method ?? "GET", headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("the app's edge against the probe's requests", () => {
  let database: TestDatabase;
  let app: RunningApp;
  let behindProxy: RunningApp;
  let origin: string;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase("pglite");
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    app = await listenApp(vite, m, database.db);
    behindProxy = await listenApp(vite, m, database.db, { TRUST_PROXY: "1", PAGE_CACHE: "off" });
    origin = app.origin;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await behindProxy?.close();
    await database?.destroy();
  });

  const counts = async () => ({
    contact: (await database.db.select().from(m.schema.contactMessages)).length,
    comments: (await database.db.select().from(m.schema.comments)).length,
  });

  test("finding 1: ?redirect= leads only to this site's paths, whatever the tricks", async () => {
    for (const trick of [
      "/%09/evil.example/x",
      "/%09%5Cevil.example",
      "/%5Cevil.example",
      "//evil.example",
      // Dot segments resolve away and leave `//evil.example` behind.
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
    ]) {
      for (const page of ["/", "/contact"]) {
        const answer = await raw(origin, `${page}?redirect=${trick}`);
        expect(String(answer.headers.location ?? ""), trick).not.toMatch(/evil/);
      }
    }
    const fine = await raw(origin, "/?redirect=/category/news");
    expect(fine.status).toBe(302);
    expect(fine.headers.location).toBe("/category/news");
  });

  test("finding 3: a forged Host never reaches links, feeds or robots.txt", async () => {
    for (const path of ["/", "/rss.xml", "/sitemap.xml", "/news-sitemap.xml", "/robots.txt", "/contact"]) {
      const answer = await raw(origin, path, { headers: { Host: "evil.example" } });
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body, path).not.toContain("evil.example");
    }
    // A request to this machine still gets links to where it came.
    const local = await raw(origin, "/");
    expect(local.body).toContain(`<link rel="canonical" href="${origin}/"/>`);
  });

  test("finding 4: NUL bytes and bodies that are not forms are a 400 with a clear message; nothing is stored", async () => {
    const before = await counts();
    for (const path of ["/search?q=%00", "/article/%00x", "/tag/a%00", "/admin/login?x=%00", "/%FF%FE"]) {
      const answer = await raw(origin, path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain("not allowed");
    }
    const bodies: Array<[string, string]> = [
      ["application/json", '{"name":"x","email":"x@example.com","message":"hi"}'],
      ["text/plain", "name=x&email=x@example.com&message=hi"],
    ];
    for (const [type, body] of bodies) {
      const answer = await raw(origin, "/contact", {
        method: "POST",
        headers: { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)) },
        body,
      });
      expect(answer.status, type).toBe(400);
      expect(answer.body, type).toContain("application/x-www-form-urlencoded or multipart/form-data");
    }
    // A multipart body cut short.
    const cut = '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nKofi';
    const broken = await raw(origin, "/contact", {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=XYZ",
        "Content-Length": String(Buffer.byteLength(cut)),
      },
      body: cut,
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toContain("The form could not be read");
    // NUL inside the fields of a form that is otherwise fine.
    const nul = "name=Ko%00fi&email=k%40example.com&message=hi%00";
    const field = await raw(origin, "/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(nul.length) },
      body: nul,
    });
    expect(field.status).toBe(400);
    expect(field.body).toContain("a NUL byte");
    expect(await counts()).toEqual(before);
  });

  test("finding 8: HSTS over https; X-Forwarded-Proto counts behind a trusted proxy", async () => {
    const plain = await raw(origin, "/about");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to send, so it is ignored.
    const untrusted = await raw(origin, "/about", { headers: { "X-Forwarded-Proto": "https" } });
    expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await raw(behindProxy.origin, "/about", { headers: { "X-Forwarded-Proto": "https" } });
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=15552000");
    expect(proxied.body).toContain(
      `<link rel="canonical" href="${behindProxy.origin.replace("http:", "https:")}/about"/>`,
    );
  });

  test("finding 8: the sign-in page is never kept by a cache", async () => {
    const page = await raw(origin, "/admin/login");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
  });
});
