/**
 * Two-factor sign-in over HTTP on the real app (decision record 010): set-up in Profile with a code from
 * the key the page shows; then the password alone gives no session, only the code page; a code, or a
 * recovery code, signs in once; and Settings → Advanced can require it of admins and editors, who then
 * reach nothing else (no page, no action) until they have set it up.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { TWO_FACTOR_TEXT } from "#app/auth/two-factor-text";
import type { TestDatabase } from "#test-support/test-database";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
  TEST_ENGINES,
} from "#test-support/app-over-http";
import { totpCode, totpStep } from "#test-support/authenticator";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  schema: typeof import("#app/db/schema");
  users: typeof import("#app/domain/users/users.server");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
  users: "/app/domain/users/users.server.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;
beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

const ADMIN = { email: "admin@example.com", password: "AdminPass123" };
const STEP_MS = 30_000;

describe.each(TEST_ENGINES)("two-factor sign-in over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    app = await listenApp(vite, m, database.db, { PAGE_CACHE: "off" });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(m.schema.rateLimits);
    await database.db.delete(m.schema.loginThrottle);
  });

  interface Answer {
    status: number;
    location: string | null;
    cookies: string[];
    body: string;
  }
  async function request(path: string, options: { form?: Record<string, string>; cookie?: string } = {}) {
    const response = await fetch(app.origin + path, {
      method: options.form ? "POST" : "GET",
      body: options.form ? new URLSearchParams(options.form) : undefined,
      headers: options.cookie ? { Cookie: options.cookie } : {},
      redirect: "manual",
    });
    return {
      status: response.status,
      location: response.headers.get("Location"),
      cookies: response.headers.getSetCookie(),
      body: await response.text(),
    } satisfies Answer;
  }
  const cookieNamed = (answer: Answer, name: string) =>
    answer.cookies.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(";")[0] ?? null;

  async function passwordStep(email: string, password: string) {
    const answer = await request("/admin/login", { form: { email, password } });
    return { answer, challenge: cookieNamed(answer, "nd_2fa"), session: cookieNamed(answer, "nd_session") };
  }
  async function codeStep(challenge: string, code: string) {
    const answer = await request("/admin/two-factor", { form: { code }, cookie: challenge });
    return { answer, session: cookieNamed(answer, "nd_session") };
  }
  /** Turns two-factor sign-in on through Profile, as a person would with their app; returns key and recovery codes. */
  async function setUp(session: string) {
    const page = await request("/admin/profile/two-factor", { cookie: session });
    expect(page.status).toBe(200);
    expect(page.body).toContain('aria-label="QR code for your authenticator app"');
    const key = page.body.match(/<code[^>]*>([A-Z2-7 ]{39})<\/code>/)?.[1]?.replace(/ /g, "") ?? "";
    expect(key).toHaveLength(32);
    const wrong = await request("/admin/profile/two-factor", {
      cookie: session,
      form: { intent: "confirm", code: "000000" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain(TWO_FACTOR_TEXT.setupCodeWrong);
    // A code from one step back, as a phone a little behind would show: the next sign-in needs a later one.
    const code = totpCode(key, totpStep(new Date(Date.now() - STEP_MS)));
    const on = await request("/admin/profile/two-factor", {
      cookie: session,
      form: { intent: "confirm", code },
    });
    expect(on.status).toBe(200);
    expect(on.body).toContain(TWO_FACTOR_TEXT.turnedOnTitle);
    const recovery = [...on.body.matchAll(/>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((match) => match[1]!);
    expect(recovery).toHaveLength(10);
    return { key, recovery };
  }
  const currentCode = (key: string) => totpCode(key, totpStep(new Date()));

  test("set up in Profile; then the password gives only the code page, and a code signs in once", async () => {
    await m.users.createUser(
      app.services,
      { name: "Kojo Editor", email: "kojo@example.com", password: "KojoPass123", role: "editor" },
      null,
    );
    const first = await passwordStep("kojo@example.com", "KojoPass123");
    expect(first.session).not.toBeNull();
    const profile = await request("/admin/profile", { cookie: first.session! });
    expect(profile.body).toContain(TWO_FACTOR_TEXT.sectionOff);
    const { key, recovery } = await setUp(first.session!);
    expect((await request("/admin/profile", { cookie: first.session! })).body).toContain(
      TWO_FACTOR_TEXT.sectionOn,
    );

    // The right password: no session, a challenge cookie and the code page.
    const step = await passwordStep("kojo@example.com", "KojoPass123");
    expect(step.answer.status).toBe(302);
    expect(step.answer.location).toBe("/admin/two-factor");
    expect(step.session).toBeNull();
    expect(step.challenge).not.toBeNull();
    expect(step.answer.cookies.find((c) => c.startsWith("nd_2fa="))).toMatch(/HttpOnly/);
    // The challenge is no session: the back office still sends it to sign in.
    expect((await request("/admin/dashboard", { cookie: step.challenge! })).location).toBe("/admin/login");
    const page = await request("/admin/two-factor", { cookie: step.challenge! });
    expect(page.status).toBe(200);
    expect(page.body).toContain(TWO_FACTOR_TEXT.codeIntro);

    const wrong = await codeStep(step.challenge!, "000000");
    expect(wrong.answer.status).toBe(400);
    expect(wrong.answer.body).toContain(TWO_FACTOR_TEXT.wrongCode);
    expect(wrong.session).toBeNull();

    const code = currentCode(key);
    const right = await codeStep(step.challenge!, code);
    expect(right.answer.status).toBe(302);
    expect(right.answer.location).toBe("/admin/dashboard");
    expect(right.session).not.toBeNull();
    expect((await request("/admin/dashboard", { cookie: right.session! })).status).toBe(200);
    // The challenge is used up with it.
    expect((await request("/admin/two-factor", { cookie: step.challenge! })).location).toBe("/admin/login");

    // The same code again, at a new sign-in: refused as used.
    const again = await passwordStep("kojo@example.com", "KojoPass123");
    const reused = await codeStep(again.challenge!, code);
    expect([reused.answer.status, reused.answer.location]).toEqual([400, null]);
    expect(reused.answer.body).toContain(TWO_FACTOR_TEXT.reusedCode);
    expect(reused.session).toBeNull();

    // A recovery code signs in once.
    const withRecovery = await codeStep(again.challenge!, recovery[0]!);
    expect(withRecovery.session).not.toBeNull();
    const later = await passwordStep("kojo@example.com", "KojoPass123");
    const spent = await codeStep(later.challenge!, recovery[0]!);
    expect(spent.answer.body).toContain(TWO_FACTOR_TEXT.reusedCode);

    // Five wrong codes end the challenge (the spent recovery code was the first): back to the password.
    for (let i = 0; i < 3; i++) expect((await codeStep(later.challenge!, "111111")).answer.status).toBe(400);
    const last = await codeStep(later.challenge!, "111111");
    expect(last.answer.location).toBe("/admin/login");
    expect((await codeStep(later.challenge!, recovery[1]!)).session).toBeNull();

    // Turning it off needs the password.
    const session = withRecovery.session!;
    const noPassword = await request("/admin/profile/two-factor", {
      cookie: session,
      form: { intent: "turn-off" },
    });
    expect(noPassword.status).toBe(400);
    const off = await request("/admin/profile/two-factor", {
      cookie: session,
      form: { intent: "turn-off", currentPassword: "KojoPass123" },
    });
    expect(off.location).toBe("/admin/profile");
    expect((await passwordStep("kojo@example.com", "KojoPass123")).session).not.toBeNull();
  });

  test("required for admins and editors: nothing but the set-up page until it is on; writers are not held", async () => {
    const admin = await passwordStep(ADMIN.email, ADMIN.password);
    const turnedOn = await request("/admin/settings", {
      cookie: admin.session!,
      form: { tab: "advanced", ...(await currentSettingsForm()), requireTwoFactor: "on" },
    });
    expect(turnedOn.status).toBe(302);
    expect((await database.db.select().from(m.schema.settings))[0]?.requireTwoFactor).toBe(true);

    // The admin (without it) is sent to set it up, from pages and from actions alike.
    const dashboard = await request("/admin/dashboard", { cookie: admin.session! });
    expect(dashboard.location).toBe("/admin/profile/two-factor");
    const action = await request("/admin/categories/add", {
      cookie: admin.session!,
      form: { name: "Sneaked In", description: "" },
    });
    expect(action.location).toBe("/admin/profile/two-factor");
    expect((await database.db.select().from(m.schema.categories)).map((c) => c.name)).not.toContain(
      "Sneaked In",
    );
    const setupPage = await request("/admin/profile/two-factor", { cookie: admin.session! });
    expect(setupPage.body).toContain(TWO_FACTOR_TEXT.required);

    // A writer is not held.
    await m.users.createUser(
      app.services,
      { name: "Wale Writer", email: "wale@example.com", password: "WalePass123", role: "writer" },
      null,
    );
    const writer = await passwordStep("wale@example.com", "WalePass123");
    expect((await request("/admin/dashboard", { cookie: writer.session! })).status).toBe(200);

    // Set up: the admin is through, and cannot turn it off while the site requires it.
    await setUp(admin.session!);
    expect((await request("/admin/dashboard", { cookie: admin.session! })).status).toBe(200);
    const manage = await request("/admin/profile/two-factor", { cookie: admin.session! });
    expect(manage.body).not.toContain(TWO_FACTOR_TEXT.turnOff);
    const refused = await request("/admin/profile/two-factor", {
      cookie: admin.session!,
      form: { intent: "turn-off", currentPassword: ADMIN.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(TWO_FACTOR_TEXT.turnOffRequired);
    await database.db.update(m.schema.settings).set({ requireTwoFactor: false });
    m.settingsRead.forgetCachedSettings();
  });

  /** The Settings form as the admin would post it: every field as saved, so only the tested one changes. */
  async function currentSettingsForm(): Promise<Record<string, string>> {
    const [row] = await database.db.select().from(m.schema.settings);
    const form: Record<string, string> = {};
    for (const [key, value] of Object.entries(row ?? {})) {
      if (typeof value === "string") form[key] = value;
      else if (typeof value === "number") form[key] = String(value);
      else if (value === true) form[key] = "on";
    }
    return form;
  }
});
