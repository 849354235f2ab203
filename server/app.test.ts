import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseConfig } from "#app/config.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { openServices } from "#app/services.server";
import { createApp } from "./app";

/**
 * The Express app without a React Router build: these routes answer before the request handler, which
 * would only be asked for the build on a page request.
 */
const noBuild = (): Promise<ServerBuild> => Promise.reject(new Error("no app build in this test"));

/** The app on a free port, with that database in every request's context. */
async function listen(database: Database, buildDir = "/nonexistent-build") {
  const config = parseConfig({ NODE_ENV: "production", BUILD_DIR: buildDir });
  const { app } = createApp({ config, services: await openServices(config, database.db), build: noBuild });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.each(TEST_ENGINES)("the Express app on %s", (engine) => {
  let database: TestDatabase;
  let server: Server;
  let origin: string;
  /** Opened here, not in the test: creating a PGlite blocks the event loop long enough to break keep-alive. */
  let closed: Database;

  beforeAll(async () => {
    closed = await openDatabase({ memory: true });
    await closed.close();
    database = await createTestDatabase(engine);
    ({ server, origin } = await listen(database));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.destroy();
  });

  test("/healthz answers 200 {status: ok} when the database answers, never cached", async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // JSON is no page: what only a document obeys is left off (server/security.ts).
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  test("/healthz answers 503 when the database does not", async () => {
    const down = await listen(closed);
    try {
      const response = await fetch(`${down.origin}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "error", database: "unreachable" });
    } finally {
      await new Promise<void>((resolve) => down.server.close(() => resolve()));
    }
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });

  test("a cross-site post is refused before it reaches the app", async () => {
    const response = await fetch(`${origin}/admin/login`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.c&password=secret1",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Forbidden: cross-site request refused.");
  });

  test("files at the top of the client build are served; other paths go on to the app", async () => {
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-build-"));
    fs.mkdirSync(path.join(buildDir, "client", "images"), { recursive: true });
    fs.writeFileSync(path.join(buildDir, "client", "favicon.svg"), "<svg/>");
    fs.writeFileSync(path.join(buildDir, "client", "images", "logo.svg"), "<svg id='logo'/>");
    const built = await listen(database, buildDir);
    try {
      const favicon = await fetch(`${built.origin}/favicon.svg`);
      expect(favicon.status).toBe(200);
      expect(await favicon.text()).toBe("<svg/>");
      expect(await (await fetch(`${built.origin}/images/logo.svg`)).text()).toBe("<svg id='logo'/>");
      // Not a file at the top: handed to React Router (here a build that is missing, hence a 500).
      expect((await fetch(`${built.origin}/privacy`)).status).toBe(500);
    } finally {
      await new Promise<void>((resolve) => built.server.close(() => resolve()));
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});
