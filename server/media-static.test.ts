/**
 * Stored media served by Express: only files from `${DATA_DIR}/media`, cached for a year as immutable,
 * never sniffed; and the request body limit that covers the 32 MB upload.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { format } from "node:util";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { parseConfig } from "#app/config.server";
import type { Db } from "#app/db/client.server";
import { openServices } from "#app/services.server";
import { createApp } from "./app";
import { BODY_LIMITS } from "./request-body";
import { captureLogEvents } from "#test-support/logs";

const noBuild = (): Promise<ServerBuild> => Promise.reject(new Error("no app build in this test"));

describe("media files and the body limit", () => {
  let server: Server;
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-static-"));
    await mkdir(path.join(dataDir, "media"));
    await writeFile(path.join(dataDir, "media", "abc123-400.webp"), "RIFF....WEBP");
    await writeFile(path.join(dataDir, "secret.txt"), "not public");
    // Express logs errors unless NODE_ENV is "test" (as it is under Vitest); production is what counts here.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    const config = parseConfig({
      NODE_ENV: "production",
      BUILD_DIR: "/nonexistent-build",
      DATA_DIR: dataDir,
    });
    const { app } = createApp({
      config,
      build: noBuild,
      // Static files are served before any route runs: nothing here reaches the database.
      services: await openServices(config, {} as Db),
    });
    process.env.NODE_ENV = nodeEnv;
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  });

  test("a stored file is served immutable for a year, with nosniff", async () => {
    const response = await fetch(`${origin}/media/abc123-400.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toMatch(/sandbox/);
  });

  test("nothing outside the media folder, and a missing key is 404", async () => {
    expect((await fetch(`${origin}/media/..%2Fsecret.txt`)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${origin}/media/%2e%2e/secret.txt`)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${origin}/media/missing.webp`)).status).toBe(404);
  });

  test("a body over the limit is refused with 413 before it is read", async () => {
    // The largest body any route accepts: an upload's.
    const largest = BODY_LIMITS.upload;
    expect(largest).toBe(33 * 1024 * 1024);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${origin}/admin/media`, {
        method: "POST",
        headers: {
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(largest + 1),
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.write("--x\r\n");
    });
    expect(status).toBe(413);
  });

  test("a missing file and a refused cross-site write each leave one line in the log, no stack", async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(format(...args));
    };
    const spies = (["error", "warn", "log", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(capture),
    );
    const log = captureLogEvents();
    try {
      expect((await fetch(`${origin}/media/missing-800.webp`)).status).toBe(404);
      const refused = await fetch(`${origin}/contact`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "name=x",
      });
      expect(refused.status).toBe(403);
      // Express logs an error after answering.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      log.stop();
      for (const spy of spies) spy.mockRestore();
    }
    // Nothing on the console: the log has them, each one event without a stack.
    expect(lines).toEqual([]);
    expect(log.events.length).toBeLessThanOrEqual(2);
    for (const event of log.events) expect(event).not.toHaveProperty("err");
  });
});
