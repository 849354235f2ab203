/**
 * A probe at the edge (decision record 009), over HTTP against the real app: a 9 MB form to a public page or
 * the sign-in page (it ran the server out of its heap), a form of thousands of empty fields, and bodies sent
 * one byte at a time (they held every render slot, so no uncached page answered).
 */
import { request as httpRequest } from "node:http";
import net from "node:net";
import { format } from "node:util";
import { eq } from "drizzle-orm";
import express from "express";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { TestDatabase } from "#test-support/test-database";
import { readRequestBodies } from "./request-body";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
} from "#test-support/app-over-http";
import { captureLogEvents } from "#test-support/logs";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  session: typeof import("#app/auth/session.server");
  schema: typeof import("#app/db/schema");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  session: "/app/auth/session.server.ts",
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

/** Posts a form; the answer may come (and the socket close) before the whole body is sent. */
function post(origin: string, path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        path,
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
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
    // Writing the rest of a refused body fails once the server has closed the connection.
    req.on("error", (error: NodeJS.ErrnoException) =>
      ["EPIPE", "ECONNRESET"].includes(error.code ?? "") ? undefined : reject(error),
    );
    req.end(body);
  });
}

/** Opens a POST that declares `length` bytes and sends one; the rest trickles in until `stop`. */
function slowPost(origin: string, path: string, length = 1000) {
  const { hostname, port } = new URL(origin);
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => {});
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\nm`,
  );
  const drip = setInterval(() => socket.write("x"), 500);
  return () => {
    clearInterval(drip);
    socket.destroy();
  };
}

/** 9 MB of empty fields, the probe's body. */
const NINE_MB_OF_FIELDS = "a=&".repeat(3_000_000);

describe("request bodies at the edge", () => {
  let database: TestDatabase;
  let app: RunningApp;
  let origin: string;
  let staffCookie: string;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase("pglite");
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    app = await listenApp(vite, m, database.db, { PAGE_CACHE: "off" });
    origin = app.origin;
    const [admin] = await database.db.select().from(m.schema.users).limit(1);
    const { token } = await m.session.createSession(database.db, admin!.id);
    staffCookie = (await m.session.commitSessionCookie(new Request(origin), token)).split(";")[0]!;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  test.each(["/contact", "/admin/login"])(
    "a 9 MB form to %s is refused with 413 and the site keeps answering",
    async (path) => {
      const answer = await post(origin, path, NINE_MB_OF_FIELDS);
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("Payload Too Large");
      expect((await fetch(`${origin}/about`)).status).toBe(200);
    },
  );

  test("a public form of thousands of empty fields, small as it is, is refused with 413", async () => {
    const answer = await post(origin, "/contact", "a=&".repeat(20_000));
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("fields");
  });

  test("the longest contact message the form allows fits, in any script", async () => {
    // 5,000 characters of three UTF-8 bytes each are nine bytes each once percent-encoded.
    const form = new URLSearchParams({
      name: "Ɔ".repeat(100),
      email: "kofi@example.com",
      subject: "ɛ".repeat(200),
      message: "語".repeat(5000),
    }).toString();
    expect(form.length).toBeGreaterThan(45_000);
    const answer = await post(origin, "/contact", form);
    expect(answer.status).not.toBe(413);
  });

  test("only a signed-in staff member may send a back-office form larger than a public one", async () => {
    const article = new URLSearchParams({ title: "Long read", content: `<p>${"a".repeat(300_000)}</p>` });
    const anonymous = await post(origin, "/admin/articles/autosave", article.toString());
    expect(anonymous.status).toBe(413);
    expect(JSON.parse(anonymous.body)).toMatchObject({ ok: false, title: "Payload Too Large" });
    const staff = await post(origin, "/admin/articles/autosave", article.toString(), { Cookie: staffCookie });
    expect(staff.status).not.toBe(413);
  });

  test("a staff form is counted by the fields its parser will see, whatever boundary its type names", async () => {
    const fields = "a&".repeat(5_000);
    for (const type of [
      "application/x-www-form-urlencoded; boundary=x",
      "application/x-www-form-urlencoded;boundary=a",
    ]) {
      const answer = await post(origin, "/admin/articles/autosave", fields, {
        Cookie: staffCookie,
        "Content-Type": type,
      });
      expect(answer.status, type).toBe(413);
    }
    const parts = Array.from(
      { length: 1_500 },
      (_, i) => `--a\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n\r\n`,
    );
    const multipart = await post(origin, "/admin/articles/autosave", `${parts.join("")}--a--\r\n`, {
      Cookie: staffCookie,
      "Content-Type": "multipart/form-data; xboundary=z; boundary=a",
    });
    expect(multipart.status).toBe(413);
  });

  test("a deactivated account's leftover session gets a public form's limit, not a staff member's", async () => {
    const [admin] = await database.db.select().from(m.schema.users).limit(1);
    const setStatus = (status: "active" | "inactive") =>
      database.db.update(m.schema.users).set({ status }).where(eq(m.schema.users.id, admin!.id));
    const article = new URLSearchParams({ title: "Long read", content: `<p>${"a".repeat(300_000)}</p>` });
    await setStatus("inactive");
    try {
      const answer = await post(origin, "/admin/articles/autosave", article.toString(), {
        Cookie: staffCookie,
      });
      expect(answer.status).toBe(413);
    } finally {
      await setStatus("active");
    }
  });

  test("a form from another origin of this host (https to http) is refused at the edge with one log line", async () => {
    const lines: string[] = [];
    const spies = (["error", "warn", "log", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(format(...args))),
    );
    const log = captureLogEvents(m.log);
    let answer: Answer;
    try {
      answer = await post(origin, "/contact", "name=Kofi&email=k%40example.com&message=hi", {
        Origin: origin.replace("http:", "https:"),
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      log.stop();
      for (const spy of spies) spy.mockRestore();
    }
    expect(answer.status).toBe(403);
    // Nothing on the console; in the log, at most one event, without a stack.
    expect(lines).toEqual([]);
    expect(log.events.length).toBeLessThanOrEqual(1);
    for (const event of log.events) expect(event).not.toHaveProperty("err");
  });

  test("eight bodies sent one byte at a time hold no render slot: an uncached page answers promptly", async () => {
    const stops = Array.from({ length: 10 }, () => slowPost(origin, "/contact"));
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = Date.now();
      const page = await fetch(`${origin}/about`, { signal: AbortSignal.timeout(10_000) });
      expect(page.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe("readRequestBodies", () => {
  test("a body that has not arrived by its deadline is answered 408, and the route never runs", async () => {
    let reachedRoute = false;
    const app = express();
    app.use(readRequestBodies({ isStaff: async () => false, deadlineMs: () => 300 }));
    app.post("/contact", (_req, res) => {
      reachedRoute = true;
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const socket = net.connect(port, "127.0.0.1");
      const answer = new Promise<string>((resolve) => {
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
        socket.on("error", () => resolve(text));
      });
      socket.write(
        "POST /contact HTTP/1.1\r\nHost: localhost\r\n" +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nm",
      );
      const text = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      expect(text).toContain("did not arrive in time");
      expect(reachedRoute).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
