/**
 * The bad-input suite (decision record 009), over HTTP on the real app: random and hostile strings (NUL and
 * other control characters, lone surrogates, 100 KB strings, SQL and tsquery syntax, HTML/JS payloads,
 * broken percent-encoding) go into every public and back-office form field and query parameter we list
 * below. Whatever comes in: never a 500, never our marker tag back unescaped in a page, and a refused
 * write leaves every table as it was. Then every back-office route of the route table, for every role and
 * a signed-out visitor, GET and POST, answers as the permission matrix says.
 *
 * Fixed seed and a bounded number of cases, so a run is repeatable; PGlite only (the properties are about
 * the app's handling of input, which the engine does not change, and the suite is long).
 */
import fc from "fast-check";
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
  routeTesting: typeof import("#test-support/route-calls");
  schema: typeof import("#app/db/schema");
  permissions: typeof import("#app/auth/permissions");
  routes: typeof import("#app/routes");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  schema: "/app/db/schema.ts",
  permissions: "/app/auth/permissions.ts",
  routes: "/app/routes.ts",
};

const SEED = 20261124;
const RUNS = 20;
/** A tag no page of ours writes: seen unescaped in a page, it came from the input. */
const MARKER = "<nd-marker";

/** Strings meant to break something: parsing, SQL, full-text search, HTML, sizes, encodings. */
const hostile = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u0001\u0008\u000b\u000c\u001f\u007f",
    "\ud800",
    "\udfff x \ud83d",
    "\ufffe\uffff",
    "' OR 1=1 --",
    "'; DROP TABLE articles; --",
    "a & | ! ( :* <-> )",
    "!!!",
    "%",
    "_%\\",
    `${MARKER} onload=alert(1)>`,
    `"><${MARKER.slice(1)} src=x onerror=alert(1)>`,
    `<script>alert(1)</script>${MARKER}>`,
    "javascript:alert(1)",
    "../../etc/passwd",
    "\r\nSet-Cookie: x=1",
    "ＡＢＣ\u202e\u200b",
    " ",
    "",
    "x".repeat(100_000),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ maxLength: 300 }).map((s) => `${MARKER}>${s}`),
);

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

describe("hostile input over HTTP", () => {
  let database: TestDatabase;
  let app: RunningApp;
  const cookies: Record<"admin" | "editor" | "writer", string> = { admin: "", editor: "", writer: "" };
  let articleSlug = "";

  beforeAll(async () => {
    database = await m.testing.createTestDatabase("pglite");
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await m.routeTesting.makeUser(`fuzz-${role}@example.com`, role);
      cookies[role] = await m.routeTesting.sessionCookieFor(user.id);
    }
    const [story] = await database.db
      .select({ slug: m.schema.articles.slug })
      .from(m.schema.articles)
      .limit(1);
    articleSlug = story?.slug ?? "";
    // No page cache: every request renders, as a first visit does.
    app = await listenApp(vite, m, database.db, { PAGE_CACHE: "off" });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function send(path: string, options: { form?: Record<string, string>; cookie?: string } = {}) {
    const response = await fetch(app.origin + path, {
      method: options.form ? "POST" : "GET",
      body: options.form ? new URLSearchParams(options.form) : undefined,
      headers: options.cookie ? { Cookie: options.cookie } : {},
      redirect: "manual",
    });
    const type = response.headers.get("content-type") ?? "";
    return {
      status: response.status,
      location: response.headers.get("location") ?? "",
      html: type.includes("text/html") ? await response.text() : "",
    };
  }

  /** Rows per table that a form could write to. */
  async function rowCounts() {
    const s = m.schema;
    const tables = {
      articles: s.articles,
      categories: s.categories,
      comments: s.comments,
      contactMessages: s.contactMessages,
      newsletterSubscribers: s.newsletterSubscribers,
      users: s.users,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables))
      counts[name] = (await database.db.select().from(table)).length;
    return counts;
  }

  const problems = (answer: { status: number; html: string; location?: string }) => {
    const found: string[] = [];
    if (answer.status >= 500) found.push(`status ${answer.status}`);
    if (answer.html.includes(MARKER)) found.push("the marker came back unescaped");
    return found;
  };

  const enc = encodeURIComponent;
  /** Percent-encoded, except that an unpaired surrogate (which encodeURIComponent refuses) goes in raw bytes. */
  const inUrl = (s: string) => {
    try {
      return enc(s);
    } catch {
      return s.replace(/[^\w-]/g, (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, "0")}`);
    }
  };

  const READER_QUERIES: Array<(s: string) => string> = [
    (s) => `/search?q=${inUrl(s)}`,
    (s) => `/all-articles?page=${inUrl(s)}`,
    (s) => `/category/${inUrl(s)}?page=${inUrl(s)}`,
    (s) => `/article/${inUrl(s)}`,
    (s) => `/tag/${inUrl(s)}`,
    (s) => `/author/${inUrl(s)}`,
    (s) => `/newsletter/unsubscribe?token=${inUrl(s)}`,
    (s) => `/admin/set-password?token=${inUrl(s)}`,
    (s) => `/?redirect=${inUrl(s)}`,
  ];

  test("reader pages: any query or path segment answers without a 500 or an unescaped payload", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom(...READER_QUERIES.keys()), async (s, which) => {
        const answer = await send(READER_QUERIES[which]!(s));
        expect(problems(answer), READER_QUERIES[which]!(s).slice(0, 200)).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS * READER_QUERIES.length },
    );
  }, 300_000);

  /**
   * A form as a person fills it in well, and the fields a hostile string goes into: one field at a time
   * (the others valid, so the string reaches as far as it can), or all of them at once.
   */
  interface FormTarget {
    path: () => string;
    valid: Record<string, string>;
    fields: string[];
  }
  const filled = (target: FormTarget, s: string, field: string | null) =>
    Object.fromEntries(
      Object.entries(target.valid).map(([name, value]) => [
        name,
        field === null ? (target.fields.includes(name) ? s : value) : name === field ? s : value,
      ]),
    );
  const formCase = (targets: FormTarget[]) =>
    fc.constantFrom(...targets.keys()).chain((which) =>
      fc.record({
        which: fc.constant(which),
        field: fc.option(fc.constantFrom(...targets[which]!.fields), { nil: null, freq: 4 }),
      }),
    );

  const PUBLIC_FORMS: FormTarget[] = [
    {
      path: () => "/contact",
      valid: { name: "Kofi", email: "kofi@example.com", subject: "Tip", message: "Hello" },
      fields: ["name", "email", "subject", "message"],
    },
    {
      path: () => "/newsletter",
      valid: { email: "ama@example.com", consent: "on" },
      fields: ["email", "consent"],
    },
    {
      path: () => `/article/${articleSlug}`,
      valid: { intent: "comment", name: "Yaw", email: "yaw@example.com", comment: "Good story" },
      fields: ["name", "email", "comment", "intent"],
    },
    {
      path: () => "/admin/login",
      valid: { email: "fuzz-admin@example.com", password: "wrong-password" },
      fields: ["email", "password"],
    },
    {
      path: () => "/admin/forgot-password",
      valid: { email: "fuzz-admin@example.com" },
      fields: ["email"],
    },
    {
      path: () => "/admin/two-factor",
      valid: { code: "123456" },
      fields: ["code"],
    },
    {
      path: () => "/admin/set-password?token=not-a-real-link",
      valid: { newPassword: "NewPass123", confirmPassword: "NewPass123" },
      fields: ["newPassword", "confirmPassword"],
    },
  ];

  test("reader and sign-in forms: never a 500, a refusal writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, formCase(PUBLIC_FORMS), async (s, { which, field }) => {
        const target = PUBLIC_FORMS[which]!;
        // Throttles would answer 429 before the input is read: start each case below them.
        await database.db.delete(m.schema.rateLimits);
        await database.db.delete(m.schema.loginThrottle);
        const before = await rowCounts();
        const answer = await send(target.path(), { form: filled(target, s, field) });
        const label = `${target.path()} ${field ?? "all"}=${JSON.stringify(s).slice(0, 120)}`;
        expect(problems(answer), label).toEqual([]);
        if (answer.status >= 400) expect(await rowCounts(), label).toEqual(before);
      }),
      { seed: SEED, numRuns: RUNS * PUBLIC_FORMS.length },
    );
  }, 300_000);

  const ADMIN_QUERIES: Array<(s: string) => string> = [
    (s) => `/admin/articles?q=${inUrl(s)}&status=${inUrl(s)}&category=${inUrl(s)}&page=${inUrl(s)}`,
    (s) => `/admin/comments?q=${inUrl(s)}&status=${inUrl(s)}&article=${inUrl(s)}`,
    (s) => `/admin/users?q=${inUrl(s)}&role=${inUrl(s)}`,
    (s) => `/admin/media?q=${inUrl(s)}&type=${inUrl(s)}`,
    (s) => `/admin/messages?q=${inUrl(s)}`,
    (s) => `/admin/subscribers?q=${inUrl(s)}&status=${inUrl(s)}`,
    (s) => `/admin/articles/edit/${inUrl(s)}`,
    (s) => `/admin/media/picker?q=${inUrl(s)}`,
  ];

  test("back-office lists and searches: any query answers without a 500 or an unescaped payload", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom(...ADMIN_QUERIES.keys()), async (s, which) => {
        const answer = await send(ADMIN_QUERIES[which]!(s), { cookie: cookies.admin });
        expect(problems(answer), ADMIN_QUERIES[which]!(s).slice(0, 200)).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS * ADMIN_QUERIES.length },
    );
  }, 300_000);

  const ADMIN_FORMS: FormTarget[] = [
    {
      path: () => "/admin/articles/add",
      valid: {
        title: "Floods in Accra",
        content: "<p>Heavy rain.</p>",
        excerpt: "",
        tags: "accra",
        status: "draft",
        imageUrl: "",
        youtubeUrl: "",
      },
      fields: ["title", "content", "excerpt", "tags", "status", "imageUrl", "youtubeUrl"],
    },
    {
      path: () => "/admin/categories/add",
      valid: { name: "Weather", slug: "", description: "", color: "#1e3a8a" },
      fields: ["name", "slug", "description", "color"],
    },
    {
      path: () => "/admin/profile",
      valid: { intent: "profile", name: "Fuzz Admin", bio: "", avatarUrl: "", website: "", location: "" },
      fields: ["name", "bio", "avatarUrl", "website", "location"],
    },
    {
      path: () => "/admin/users/add",
      valid: { name: "Esi", email: "esi.new@example.com", password: "secret123", role: "writer" },
      fields: ["name", "email", "password", "role"],
    },
  ];

  test("back-office forms: never a 500, a refusal writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, formCase(ADMIN_FORMS), async (s, { which, field }) => {
        const target = ADMIN_FORMS[which]!;
        const before = await rowCounts();
        const answer = await send(target.path(), { form: filled(target, s, field), cookie: cookies.admin });
        const label = `${target.path()} ${field ?? "all"}=${JSON.stringify(s).slice(0, 120)}`;
        expect(problems(answer), label).toEqual([]);
        if (answer.status >= 400) expect(await rowCounts(), label).toEqual(before);
      }),
      { seed: SEED, numRuns: RUNS * ADMIN_FORMS.length },
    );
  }, 300_000);

  /** Every path of the route table under /admin, its parameters filled with an id no row has. */
  function backOfficePaths(): string[] {
    type Entry = { path?: string; children?: Entry[] };
    const paths: string[] = [];
    const walk = (entries: Entry[], base: string) => {
      for (const entry of entries) {
        const here = entry.path ? `${base.replace(/\/$/, "")}/${entry.path}` : base;
        if (entry.children) walk(entry.children, here);
        else paths.push(here === "" ? "/" : here);
      }
    };
    walk(m.routes.default as Entry[], "");
    return (
      [...new Set(paths)]
        // Signing in (both steps), out and resetting a password are for everyone (signing out would end the suite's sessions).
        .filter(
          (p) =>
            /^\/admin(\/|$)/.test(p) &&
            !p.endsWith("*") &&
            !/^\/admin\/(log(in|out)|forgot-password|set-password|two-factor)$/.test(p),
        )
        .map((p) => p.replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000000"))
    );
  }

  test("every back-office route x every role x GET and POST answers as the permission matrix says", async () => {
    const paths = backOfficePaths();
    expect(paths.length).toBeGreaterThan(25);
    const mismatches: string[] = [];
    for (const path of paths) {
      const needed = m.permissions.permissionForAdminPath(path);
      for (const who of ["anonymous", "admin", "editor", "writer"] as const) {
        const role = who === "anonymous" ? null : who;
        const allowed = role !== null && (!needed || m.permissions.can(role, needed.area, needed.action));
        const cookie = role ? cookies[role] : undefined;
        const before = await rowCounts();
        for (const method of ["GET", "POST"] as const) {
          const answer = await send(path, {
            cookie,
            form: method === "POST" ? { intent: "delete" } : undefined,
          });
          const label = `${method} ${path} as ${who}: ${answer.status}`;
          // A route without an action answers a POST with 405 before anyone is asked who they are.
          const refusals = method === "POST" ? [403, 405] : [403];
          if (answer.status >= 500) mismatches.push(label);
          else if (who === "anonymous" && answer.status < 300) mismatches.push(label);
          else if (role && !allowed && !refusals.includes(answer.status)) mismatches.push(label);
          else if (allowed && method === "GET" && [401, 403].includes(answer.status)) mismatches.push(label);
          // Allowed: a redirect may lead on (a missing row goes back to its list), never to sign in.
          else if (allowed && answer.location.startsWith("/admin/login")) mismatches.push(label);
        }
        // A refused or empty request changes nothing.
        if (!allowed) expect(await rowCounts(), `${path} as ${who}`).toEqual(before);
      }
    }
    expect(mismatches).toEqual([]);
  }, 600_000);
});
