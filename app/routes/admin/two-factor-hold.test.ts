/**
 * When Settings → Advanced requires two-factor sign-in, an admin or editor who has not set it up gets
 * nothing from the back office but the set-up page: every page's loader and action redirects there, and
 * every JSON endpoint answers 403 saying where to go; nothing is written. Writers, and admins and editors
 * who have it (or when it is not required), are not held.
 *
 * The routes come from the route table (app/routes.ts), not from a list written here: a route added under
 * /admin is called by this test as soon as it exists, and the test fails until it is classified below.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TWO_FACTOR_SETUP_PATH } from "#app/auth/guard.server";
import { totpCode, totpStep } from "#test-support/authenticator";
import { confirmSetup, startSetup } from "#app/auth/two-factor.server";
import { articles, categories, settings } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, one, type TestDatabase } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import routeTable from "#app/routes";
import { args, getRequest, makeUser, postRequest, sessionCookieFor } from "#test-support/route-calls";

/**
 * How each module under /admin answers a held admin or editor. `sign-in` and `set-up` pages are reachable
 * without two-factor sign-in (signing in, the code page, choosing a password, and the set-up page itself).
 */
type Kind = "page" | "json" | "sign-in" | "set-up";
const CLASSIFIED: Record<string, Kind> = {
  "routes/admin/login.tsx": "sign-in",
  "routes/admin/logout.tsx": "sign-in",
  "routes/admin/forgot-password.tsx": "sign-in",
  "routes/admin/set-password.tsx": "sign-in",
  "routes/admin/two-factor.tsx": "sign-in",
  "routes/admin/profile.two-factor.tsx": "set-up",
  "routes/admin/articles.autosave.ts": "json",
  "routes/resources/media-upload.ts": "json",
  "routes/resources/media-picker.ts": "json",
  "routes/resources/subscribers-export.ts": "page",
  "routes/admin/layout.tsx": "page",
  "routes/admin/dashboard.tsx": "page",
  "routes/admin/users.tsx": "page",
  "routes/admin/users.add.tsx": "page",
  "routes/admin/users.edit.tsx": "page",
  "routes/admin/profile.tsx": "page",
  "routes/admin/profile.sessions.tsx": "page",
  "routes/admin/notifications.tsx": "page",
  "routes/admin/articles.tsx": "page",
  "routes/admin/articles.add.tsx": "page",
  "routes/admin/articles.edit.tsx": "page",
  "routes/admin/articles.revisions.tsx": "page",
  "routes/admin/articles.live.tsx": "page",
  "routes/admin/categories.tsx": "page",
  "routes/admin/categories.add.tsx": "page",
  "routes/admin/categories.edit.tsx": "page",
  "routes/admin/comments.tsx": "page",
  "routes/admin/messages.tsx": "page",
  "routes/admin/messages.view.tsx": "page",
  "routes/admin/subscribers.tsx": "page",
  "routes/admin/newsletter.tsx": "page",
  "routes/admin/newsletter.new.tsx": "page",
  "routes/admin/newsletter.issue.tsx": "page",
  "routes/admin/media.tsx": "page",
  "routes/admin/media.item.tsx": "page",
  "routes/admin/code.tsx": "page",
  "routes/admin/settings.tsx": "page",
  "routes/admin/settings.editions.tsx": "page",
  "routes/admin/ads.tsx": "page",
  "routes/admin/members.tsx": "page",
  "routes/admin/revenue.tsx": "page",
  "routes/resources/revenue-export.ts": "page",
  "routes/admin/not-found.tsx": "page",
};

interface TableRoute {
  file: string;
  path?: string;
  index?: boolean;
  children?: TableRoute[];
}
interface BackOfficeRoute {
  /** The URL pattern, e.g. /admin/users/edit/:id (a layout has its prefix's). */
  path: string;
  file: string;
}

function flatten(routes: readonly TableRoute[], base = ""): BackOfficeRoute[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${base}/${route.path}` : base;
    return [{ path: path || "/", file: route.file }, ...flatten(route.children ?? [], path)];
  });
}

const BACK_OFFICE = flatten(routeTable as readonly TableRoute[]).filter(
  (r) => r.path === "/admin" || r.path.startsWith("/admin/"),
);
const modules = import.meta.glob<Record<string, unknown>>("/app/routes/**/*.{ts,tsx}");
const moduleOf = async (file: string) => {
  const load = modules[`/app/${file}`];
  if (!load) throw new Error(`no module for ${file}`);
  return load();
};
/**
 * Staff actions outside /admin: a route module elsewhere that calls a guard. Database setup's page is
 * public, its actions (populate, clear all data) an admin's.
 */
const STAFF_ACTIONS_OUTSIDE_ADMIN: Record<string, Record<string, string>> = {
  "routes/site/database-setup.tsx": { intent: "clear", confirm: "yes", confirmed: "yes" },
};
const GUARD_CALL = /\brequire(?:User|Permission|AdminPath|JsonUser)\(/;
const sources = import.meta.glob<string>("/app/routes/**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});
const OUTSIDE_ADMIN = flatten(routeTable as readonly TableRoute[]).filter(
  (r) => r.path !== "/admin" && !r.path.startsWith("/admin/") && !(r.file in CLASSIFIED),
);
const HELD_KINDS = ["page", "json"] as const;
const guarded = BACK_OFFICE.filter((r) =>
  (HELD_KINDS as readonly string[]).includes(CLASSIFIED[r.file] ?? ""),
);

async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

type Handler = (args: unknown) => Promise<unknown>;
interface Answer {
  status: number;
  location: string | null;
  json: { code?: string; title?: string; message?: string } | null;
}
/** Whatever the loader or action answered or threw, as the browser would see its status. */
async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const json = await value
      .clone()
      .json()
      .catch(() => null);
    return { status: value.status, location: value.headers.get("Location"), json };
  }
  const init = (value as { init?: ResponseInit | null } | null)?.init;
  if (value instanceof Error) return { status: 500, location: null, json: null };
  return { status: init?.status ?? 200, location: null, json: null };
}

const isHeldPage = (a: Answer) => a.status === 302 && a.location === TWO_FACTOR_SETUP_PATH;
const isHeldJson = (a: Answer) => a.status === 403 && a.json?.code === "two_factor_setup_required";

describe("two-factor sign-in required: the set-up page is all an admin or editor without it gets", () => {
  let database: TestDatabase;
  /** Ids of things a POST names, so that an action that ran would change something. */
  const target = { article: "", category: "", user: "" };
  const cookies = {} as Record<"admin" | "editor" | "writer", { without: string; with: string }>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminEmail: "owner@example.com", adminPassword: "OwnerPass123" });
    target.article = one(await database.db.select({ id: articles.id }).from(articles).limit(1)).id;
    target.category = one(await database.db.select({ id: categories.id }).from(categories).limit(1)).id;
    target.user = (await makeUser("bystander@example.com", "writer")).id;
    for (const role of ["admin", "editor", "writer"] as const) {
      const without = await makeUser(`${role}-without@example.com`, role);
      const withIt = await makeUser(`${role}-with@example.com`, role);
      const secret = await startSetup(database.db, withIt.id);
      await confirmSetup(database.db, withIt.id, totpCode(secret, totpStep(new Date())));
      cookies[role] = {
        without: await sessionCookieFor(without.id),
        with: await sessionCookieFor(withIt.id),
      };
    }
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
  });

  async function requireTwoFactor(on: boolean) {
    await database.db.update(settings).set({ requireTwoFactor: on });
    forgetCachedSettings();
  }

  /** Every stored row except the sessions' and the rate limits' bookkeeping, as one fingerprint per table. */
  async function everything() {
    const tables = await rowsOf<{ table_name: string }>(
      database.db.execute(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    );
    const skipped = new Set(["sessions", "rate_limits", "login_throttle"]);
    const prints: Record<string, string> = {};
    for (const { table_name: name } of tables) {
      if (skipped.has(name)) continue;
      const [row] = await rowsOf<{ print: string | null }>(
        database.db.execute(
          sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS print FROM "${name}" t`),
        ),
      );
      prints[name] = row?.print ?? "";
    }
    return prints;
  }

  const concrete = (route: BackOfficeRoute) => {
    const id = route.path.includes("/users/")
      ? target.user
      : route.path.includes("/categories/")
        ? target.category
        : target.article;
    const params: Record<string, string> = {};
    const path = route.path
      .replace(/:id\b/, () => ((params.id = id), id))
      .replace(/\*$/, () => ((params["*"] = "no-such-page"), "no-such-page"));
    return { path, params };
  };

  /** A form that would change something if the action ran: delete, confirmed, the targets named. */
  const changingForm = () => ({
    intent: "delete",
    confirmed: "yes",
    id: target.article,
    userId: target.user,
    ids: [target.article, target.user, target.category],
    bulkAction: "delete",
    title: "Written while held",
    content: "<p>Written while held</p>",
    name: "Held",
    email: "held@example.com",
  });

  async function call(route: BackOfficeRoute, method: "GET" | "POST", cookie: string) {
    const module = await moduleOf(route.file);
    const handler = (method === "GET" ? module.loader : module.action) as Handler | undefined;
    if (!handler) return null;
    const { path, params } = concrete(route);
    const request = method === "GET" ? getRequest(path, cookie) : postRequest(path, changingForm(), cookie);
    return answerOf(() => handler(args(request, params)));
  }

  test("every route under /admin in the route table is classified here", () => {
    expect(BACK_OFFICE.length).toBeGreaterThan(30);
    const unclassified = BACK_OFFICE.filter((r) => !(r.file in CLASSIFIED)).map((r) => `${r.path} ${r.file}`);
    expect(unclassified, "classify each new back-office route in CLASSIFIED").toEqual([]);
    // The JSON endpoints of the issue are among them.
    for (const path of ["/admin/articles/autosave", "/admin/media/upload", "/admin/media/picker"])
      expect(guarded.map((r) => r.path)).toContain(path);
  });

  describe("required, and not set up", () => {
    beforeAll(() => requireTwoFactor(true));

    test.each(["admin", "editor"] as const)(
      "%s: every loader and action answers with the set-up page (JSON: 403) and changes nothing",
      async (role) => {
        const misses: string[] = [];
        for (const route of guarded) {
          const json = CLASSIFIED[route.file] === "json";
          for (const method of ["GET", "POST"] as const) {
            const before = method === "POST" ? await everything() : null;
            const answer = await call(route, method, cookies[role].without);
            if (!answer) continue;
            const held = json ? isHeldJson(answer) : isHeldPage(answer);
            if (!held)
              misses.push(`${method} ${route.path} (${route.file}): ${answer.status} ${answer.location}`);
            if (before) expect(await everything(), `${method} ${route.path} wrote something`).toEqual(before);
          }
        }
        expect(misses).toEqual([]);
      },
      120_000,
    );

    test("the JSON answer says where to set it up", async () => {
      const picker = one(guarded.filter((r) => r.path === "/admin/media/picker"));
      const answer = await call(picker, "GET", cookies.editor.without);
      expect(answer?.json).toMatchObject({
        ok: false,
        code: "two_factor_setup_required",
        setUpAt: TWO_FACTOR_SETUP_PATH,
      });
      expect(answer?.json?.message).toContain(TWO_FACTOR_SETUP_PATH);
    });

    test.each(["admin", "editor"] as const)(
      "%s: a staff action outside /admin (database setup) is held too, and every guarded route outside /admin is listed",
      async (role) => {
        const guarding = OUTSIDE_ADMIN.filter((r) => GUARD_CALL.test(sources[`/app/${r.file}`] ?? ""));
        expect(guarding.map((r) => r.file).sort()).toEqual(Object.keys(STAFF_ACTIONS_OUTSIDE_ADMIN).sort());
        for (const route of guarding) {
          const module = await moduleOf(route.file);
          const before = await everything();
          const request = postRequest(
            route.path,
            STAFF_ACTIONS_OUTSIDE_ADMIN[route.file]!,
            cookies[role].without,
          );
          const answer = await answerOf(() => (module.action as Handler)(args(request)));
          expect(isHeldPage(answer), `POST ${route.path}: ${answer.status} ${answer.location}`).toBe(true);
          expect(await everything(), `POST ${route.path} wrote something`).toEqual(before);
        }
      },
      60_000,
    );

    test("a writer is not held anywhere", async () => {
      expect(await notHeldAnywhere(cookies.writer.without)).toEqual([]);
    }, 120_000);
  });

  describe("required, and set up", () => {
    beforeAll(() => requireTwoFactor(true));
    test.each(["admin", "editor", "writer"] as const)(
      "%s is not held anywhere",
      async (role) => {
        expect(await notHeldAnywhere(cookies[role].with)).toEqual([]);
      },
      120_000,
    );
  });

  describe("not required", () => {
    beforeAll(() => requireTwoFactor(false));
    test.each(["admin", "editor", "writer"] as const)(
      "%s without it is not held anywhere",
      async (role) => {
        expect(await notHeldAnywhere(cookies[role].without)).toEqual([]);
      },
      120_000,
    );
  });

  /** The routes that held this person (each as method and path): none is expected. */
  async function notHeldAnywhere(cookie: string) {
    const held: string[] = [];
    for (const route of guarded) {
      for (const method of ["GET", "POST"] as const) {
        const answer = await call(route, method, cookie);
        if (answer && (isHeldPage(answer) || isHeldJson(answer))) held.push(`${method} ${route.path}`);
      }
    }
    return held;
  }
});
