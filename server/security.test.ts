import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DOCUMENT_ONLY_HEADERS, rejectCrossSiteWrites, securityHeaders } from "./security";

/** A tiny app with the two middlewares in front of a handler that answers every method with "ok". */
async function listen(publicUrl?: string) {
  const app = express();
  app.use(securityHeaders);
  app.use(rejectCrossSiteWrites(publicUrl));
  app.all("/{*splat}", (_req, res) => {
    res.type("text/plain").send("ok");
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe("rejectCrossSiteWrites", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    ({ server, origin } = await listen());
  });
  afterAll(() => close(server));

  const send = (method: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}/admin/articles`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : "x=1",
    });

  test("a form post from our own pages passes", async () => {
    const response = await send("POST", { Origin: origin, "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  test("a post with only a same-origin Referer passes", async () => {
    expect((await send("POST", { Referer: `${origin}/admin/articles/add` })).status).toBe(200);
  });

  test("a post from a user's own navigation (Sec-Fetch-Site: none) passes", async () => {
    expect((await send("POST", { "Sec-Fetch-Site": "none" })).status).toBe(200);
  });

  test("a client that sends neither header (not a browser) passes", async () => {
    expect((await send("POST")).status).toBe(200);
  });

  test.each(["POST", "PUT", "PATCH", "DELETE"])(
    "%s with a cross-site Origin is refused with 403",
    async (method) => {
      const response = await send(method, { Origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("Forbidden: cross-site request refused.");
    },
  );

  test.each(["cross-site", "same-site"])(
    "Sec-Fetch-Site: %s is refused, even with a matching Origin",
    async (site) => {
      expect((await send("POST", { "Sec-Fetch-Site": site, Origin: origin })).status).toBe(403);
    },
  );

  test("a cross-site Referer without Origin is refused", async () => {
    expect((await send("POST", { Referer: "https://evil.example/page" })).status).toBe(403);
  });

  test("an opaque Origin ('null', sandboxed frames) is refused", async () => {
    expect((await send("POST", { Origin: "null" })).status).toBe(403);
  });

  test("another port on the same host is another origin", async () => {
    expect((await send("POST", { Origin: "http://127.0.0.1:1" })).status).toBe(403);
  });

  test.each(["GET", "HEAD", "OPTIONS"])("%s always passes, even cross-site", async (method) => {
    const response = await send(method, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(200);
  });

  test("security headers are on every answer, refusals included", async () => {
    for (const response of [await send("GET"), await send("POST", { Origin: "https://evil.example" })]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy")).toMatch(/frame-ancestors 'self'/);
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });
});

describe("rejectCrossSiteWrites behind a proxy with PUBLIC_URL", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    ({ server, origin } = await listen("https://news.example.com"));
  });
  afterAll(() => close(server));

  test("the public origin is our own, other origins are not", async () => {
    const post = (from: string) =>
      fetch(`${origin}/admin/login`, { method: "POST", headers: { Origin: from }, body: "x=1" });
    expect((await post("https://news.example.com")).status).toBe(200);
    expect((await post(origin)).status).toBe(200);
    expect((await post("https://news.example.com.evil.example")).status).toBe(403);
  });
});

describe("headers only a document obeys", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders);
    app.get("/style.css", (_req, res) => void res.type("text/css").send("a{}"));
    app.get("/data.json", (_req, res) => void res.json({ ok: true }));
    app.get("/photo.webp", (_req, res) => void res.type("image/webp").send(Buffer.from("RIFF")));
    app.get("/upload.webp", (_req, res) => {
      res.setHeader("Content-Security-Policy", "sandbox");
      res.type("image/webp").send(Buffer.from("RIFF"));
    });
    app.post("/count", (_req, res) => void res.status(204).end());
    app.get("/icon.svg", (_req, res) => void res.type("image/svg+xml").send("<svg/>"));
    app.get("/page", (_req, res) => void res.type("text/html").send("<p>hi</p>"));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => close(server));

  test("a stylesheet, JSON, a photo or an empty answer goes without them; nosniff and the referrer rule stay", async () => {
    const answers = [
      await fetch(`${origin}/style.css`),
      await fetch(`${origin}/data.json`),
      await fetch(`${origin}/photo.webp`),
      await fetch(`${origin}/count`, { method: "POST" }),
    ];
    for (const response of answers) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      for (const header of DOCUMENT_ONLY_HEADERS) expect(response.headers.get(header)).toBeNull();
    }
  });

  test("a route's own policy stays (uploads are sandboxed)", async () => {
    const response = await fetch(`${origin}/upload.webp`);
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  test("anything a browser may show as a page keeps them: HTML, and an SVG opened on its own", async () => {
    for (const path of ["/page", "/icon.svg"]) {
      const response = await fetch(`${origin}${path}`);
      for (const header of DOCUMENT_ONLY_HEADERS) expect(response.headers.get(header)).not.toBeNull();
    }
  });
});
