/**
 * /media/<key> when media live in an S3-compatible bucket (a real s3rver started here): the app streams
 * each object with the headers the local folder's files get (server/media-static.test.ts), ranges and
 * HEAD included, and a missing key is a plain 404 in one log line.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { format } from "node:util";
import type { ServerBuild } from "react-router";
import express from "express";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { parseConfig } from "#app/config.server";
import type { Db } from "#app/db/client.server";
import { s3MediaStore } from "#app/domain/media/storage-s3.server";
import { startTestBucket, type TestBucket } from "#test-support/s3-test-bucket";
import { mediaServicesFor } from "#app/domain/media/storage.server";
import { openServices } from "#app/services.server";
import { createApp } from "./app";
import { mediaFiles } from "./media-files";
import { captureLogEvents } from "#test-support/logs";

/** A key as uploads make it (a random id, a width, an extension). */
const KEY = "0123456789abcdef01234567-400.webp";

const noBuild = (): Promise<ServerBuild> => Promise.reject(new Error("no app build in this test"));

describe("media files streamed from the bucket", () => {
  let bucket: TestBucket;
  let server: Server;
  let origin: string;
  const content = new Uint8Array(Array.from({ length: 3000 }, (_, i) => i % 251));

  beforeAll(async () => {
    bucket = await startTestBucket();
    await s3MediaStore(bucket.settings).put(KEY, content);
    const config = parseConfig({ NODE_ENV: "production", BUILD_DIR: "/nonexistent-build", ...bucket.env });
    const { app } = createApp({
      config,
      build: noBuild,
      // Stored files are answered before any route runs: nothing here reaches the database.
      services: await openServices(config, {} as Db),
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await bucket.stop();
  });

  test("an object is served whole, immutable for a year, typed by its extension, with nosniff and the sandbox", async () => {
    const response = await fetch(`${origin}/media/${KEY}`);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(content);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe("3000");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
    );
    expect(response.headers.get("etag")).toBeTruthy();
  });

  test("a range is answered 206 with just those bytes; HEAD gives the length and no body", async () => {
    const part = await fetch(`${origin}/media/${KEY}`, { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/3000");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(content.slice(100, 200));
    const head = await fetch(`${origin}/media/${KEY}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("3000");
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(await head.text()).toBe("");
  });

  test("a reader's current copy is answered 304 without the body", async () => {
    const first = await fetch(`${origin}/media/${KEY}`);
    await first.arrayBuffer();
    const again = await fetch(`${origin}/media/${KEY}`, {
      headers: { "If-None-Match": first.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("a missing key, a path that is no key and a write are refused, each in one log line", async () => {
    const lines: string[] = [];
    const spies = (["error", "warn", "log", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(format(...args));
      }),
    );
    const log = captureLogEvents();
    try {
      expect((await fetch(`${origin}/media/fedcba9876543210fedcba98-800.webp`)).status).toBe(404);
      expect((await fetch(`${origin}/media/..%2Fsecret.txt`)).status).toBe(404);
      expect((await fetch(`${origin}/media/sub/${KEY}`)).status).toBe(404);
      const write = await fetch(`${origin}/media/${KEY}`, { method: "DELETE" });
      expect(write.status).toBe(405);
      expect(write.headers.get("allow")).toBe("GET, HEAD");
    } finally {
      log.stop();
      for (const spy of spies) spy.mockRestore();
    }
    // Nothing on the console: the log has them, each one event without a stack.
    expect(lines).toEqual([]);
    expect(log.events).toHaveLength(4);
    for (const event of log.events) expect(event).not.toHaveProperty("err");
    expect(await bucket.objectKeys()).toEqual([KEY]);
  });
});

describe("a store that stalls mid-file", () => {
  test("the reader's file is cut off after the idle limit instead of hanging, and the store's connection is closed", async () => {
    // Answers like S3 (200, the length), sends the first bytes and then nothing.
    let storeConnectionClosed = false;
    const store = createServer((req, res) => {
      res.on("close", () => (storeConnectionClosed = true));
      res.writeHead(200, { "Content-Type": "image/webp", "Content-Length": "3000", ETag: '"x"' });
      res.write(new Uint8Array(100));
    });
    await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
    const config = parseConfig({
      S3_BUCKET: "newsdesk-media",
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: "ID",
      AWS_SECRET_ACCESS_KEY: "SECRET",
    });
    const media = await mediaServicesFor(config);
    const app = express().use("/media", mediaFiles(config, media, { streamIdleMs: 500 }));
    const site = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const started = Date.now();
      const response = await fetch(`http://127.0.0.1:${(site.address() as AddressInfo).port}/media/${KEY}`);
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
      await vi.waitFor(() => expect(storeConnectionClosed).toBe(true));
    } finally {
      site.closeAllConnections();
      store.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
      await new Promise((resolve) => store.close(resolve));
    }
  }, 15_000);
});
