/**
 * The build's hashed files go out in the copies the build compressed at the highest levels
 * (scripts/vite-precompress.ts), through the whole app (the compression middleware leaves them alone).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseConfig } from "#app/config.server";
import type { Db } from "#app/db/client.server";
import { precompressFolder } from "../scripts/vite-precompress";
import { openServices } from "#app/services.server";
import { createApp } from "./app";

const noBuild = (): Promise<ServerBuild> => Promise.reject(new Error("no app build in this test"));
/** A stylesheet of many different rules, as a real one is (a repeated rule compresses to nothing). */
const CSS = Array.from(
  { length: 400 },
  (_, i) =>
    `.c${i}{margin:${i % 7}px ${i % 13}rem;color:#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, "0")}}`,
).join("\n");

/** A raw GET: fetch would undo the encoding, and the test is about the bytes sent. */
function get(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

describe("the build's hashed files", () => {
  let server: Server;
  let origin: string;
  let buildDir: string;

  beforeAll(async () => {
    // A build in a folder whose name starts with a dot, as the browser tests' are (.e2e-build/).
    buildDir = path.join(await mkdtemp(path.join(os.tmpdir(), "newsdesk-assets-")), ".build");
    const assets = path.join(buildDir, "client", "assets");
    await mkdir(assets, { recursive: true });
    await writeFile(path.join(assets, "reader-abc123.css"), CSS);
    expect(await precompressFolder(assets)).toBe(1);
    // A file the build left without copies (an image): compressed on the fly or not at all, as before.
    await writeFile(path.join(assets, "plain-abc123.txt"), "plain text ".repeat(300));
    const config = parseConfig({ NODE_ENV: "production", BUILD_DIR: buildDir, DATA_DIR: buildDir });
    const { app } = createApp({ config, build: noBuild, services: await openServices(config, {} as Db) });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(path.dirname(buildDir), { recursive: true, force: true });
  });

  test("brotli at its highest level when the browser takes it, immutable for a year", async () => {
    const response = await get(`${origin}/assets/reader-abc123.css`, "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(CSS);
    const quick = zlib.brotliCompressSync(CSS, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(response.body.length).toBeLessThan(quick.length);
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    // What only a document obeys is left off a stylesheet; what any file needs stays.
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["x-frame-options"]).toBeUndefined();
  });

  test("gzip for a browser without brotli, the plain file for one that takes neither", async () => {
    const gzipped = await get(`${origin}/assets/reader-abc123.css`, "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(CSS);
    const plain = await get(`${origin}/assets/reader-abc123.css`, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(CSS);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a file without copies is sent as before; a missing one is never answered with a copy", async () => {
    const plain = await get(`${origin}/assets/plain-abc123.txt`, "br");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-type"]).toMatch(/^text\/plain/);
    // A missing one goes on to the app (here without a build), never to a compressed copy.
    const missing = await get(`${origin}/assets/missing-abc123.css`, "br");
    expect(missing.status).not.toBe(200);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    // The copies are not files of their own to ask for by name with another encoding.
    const copy = await get(`${origin}/assets/reader-abc123.css.br`, "identity");
    expect(copy.headers["content-encoding"]).toBeUndefined();
  });
});
