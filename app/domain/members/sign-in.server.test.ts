import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { findSessionMember } from "#app/auth/member-session.server";
import { members, memberSessions, memberSignInLinks, rateLimits, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf } from "#app/lib/http-errors.server";
import { closeServices, type Services } from "#app/services.server";
import { fixedClock, testServices } from "#test-support/services";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { MEMBER_TEXT } from "./member-text";
import {
  redeemSignInLink,
  requestSignInLink,
  SIGN_IN_LINK_TTL_MS,
  signInLinkFor,
  signInReturnPath,
} from "./sign-in.server";

const ORIGIN = "https://news.example.com";
const START = new Date("2026-03-02T09:00:00Z");

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, status: statusOf(error), title: error.title, message: error.message };
  }
  throw new Error("expected a refusal");
}

test("a sign-in link takes the reader back only to a path of this site, never to the sign-in pages", () => {
  expect(signInReturnPath("/article/a-story?x=1")).toBe("/article/a-story?x=1");
  expect(signInReturnPath("https://evil.example/")).toBe("/account");
  expect(signInReturnPath("//evil.example")).toBe("/account");
  expect(signInReturnPath("/\\evil.example")).toBe("/account");
  expect(signInReturnPath("/account/sign-in?returnTo=/x")).toBe("/account");
  expect(signInReturnPath("/account/verify")).toBe("/account");
  expect(signInReturnPath(undefined)).toBe("/account");
  expect(signInReturnPath("/account")).toBe("/account");
});

describe.each(TEST_ENGINES)("reader sign-in by mailed link on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let services: Services;
  const clock = fixedClock(START);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await seedDatabase(database.db, { adminPassword: "secret123" });
    smtp = await startTestSmtpServer();
    services = testServices(database.db, { mail: { smtpUrl: smtp.smtpUrl }, clock });
  });
  afterAll(async () => {
    forgetCachedSettings();
    await closeServices(services);
    await smtp.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
    await database.db.delete(memberSignInLinks);
    await database.db.delete(members);
    clock.set(START);
    smtp.clear();
  });

  const ask = (email: string, { ip = "203.0.113.5", returnTo = "/account" } = {}) =>
    requestSignInLink(services, { email, returnTo, ip, origin: ORIGIN });
  const tokenMailedTo = async (email: string) => {
    const message = await smtp.waitFor(email);
    const match = message.text.match(/https:\/\/news\.example\.com\/account\/verify\?token=([A-Za-z0-9_-]+)/);
    if (!match?.[1]) throw new Error(`no sign-in link in: ${message.text}`);
    return { token: match[1], message };
  };

  test("asking mails a link whose token is stored only as its hash; opening it uses nothing, its button signs in once", async () => {
    await ask("  Reader@Example.COM ", { returnTo: "/article/some-story" });
    const { token, message } = await tokenMailedTo("reader@example.com");
    expect(message.subject).toContain(MEMBER_TEXT.emailSubject);
    const [row] = await database.db.select().from(memberSignInLinks);
    expect(row).toMatchObject({
      id: createHash("sha256").update(token).digest("hex"),
      email: "reader@example.com",
      returnTo: "/article/some-story",
    });
    expect(row!.expiresAt.getTime() - START.getTime()).toBe(SIGN_IN_LINK_TTL_MS);
    // Nothing is an account until the link is used.
    expect(await database.db.select().from(members)).toEqual([]);

    // A link preview or a mail scanner fetching the page, twice: the link is still there.
    expect(await signInLinkFor(database.db, token, clock.now())).toEqual({ email: "reader@example.com" });
    expect(await signInLinkFor(database.db, token, clock.now())).toEqual({ email: "reader@example.com" });

    const used = await redeemSignInLink(database.db, token, clock.now());
    expect(used.returnTo).toBe("/article/some-story");
    expect(used.member.email).toBe("reader@example.com");
    const signedIn = await findSessionMember(database.db, used.session.token, clock.now());
    expect(signedIn).toMatchObject({ id: used.member.id, email: "reader@example.com" });
    expect(await database.db.select().from(memberSignInLinks)).toEqual([]);

    // Used once: the same link again is refused, and opening it shows nothing to sign in as.
    expect(await refusal(redeemSignInLink(database.db, token, clock.now()))).toMatchObject({
      code: "not_found",
      message: MEMBER_TEXT.expired,
    });
    expect(await signInLinkFor(database.db, token, clock.now())).toBeNull();
  });

  test("an expired link is refused and used up; a known address signs in to the same member", async () => {
    await ask("known@example.com");
    const first = await tokenMailedTo("known@example.com");
    const member = (await redeemSignInLink(database.db, first.token, clock.now())).member;

    smtp.clear();
    await ask("known@example.com");
    const late = await tokenMailedTo("known@example.com");
    clock.set(new Date(START.getTime() + SIGN_IN_LINK_TTL_MS));
    expect(await signInLinkFor(database.db, late.token, clock.now())).toBeNull();
    expect((await refusal(redeemSignInLink(database.db, late.token, clock.now()))).status).toBe(404);
    expect(await database.db.select().from(memberSignInLinks)).toEqual([]);

    smtp.clear();
    await ask("known@example.com");
    const again = await tokenMailedTo("known@example.com");
    const used = await redeemSignInLink(database.db, again.token, clock.now());
    expect(used.member.id).toBe(member.id);
    expect(await database.db.select().from(members)).toHaveLength(1);
  });

  test("two links of one new address used at the same moment make one member, each browser its own session", async () => {
    await ask("twice@example.com");
    await ask("twice@example.com");
    await expect.poll(() => smtp.received.length).toBe(2);
    const tokens = smtp.received.map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
    const [a, b] = await Promise.all(tokens.map((t) => redeemSignInLink(database.db, t, clock.now())));
    expect(a!.member.id).toBe(b!.member.id);
    expect(await database.db.select().from(members)).toHaveLength(1);
    expect(
      await database.db.select().from(memberSessions).where(eq(memberSessions.memberId, a!.member.id)),
    ).toHaveLength(2);
  });

  test("a staff member's address becomes a separate member; the staff account is untouched", async () => {
    const [admin] = await database.db.select().from(users).limit(1);
    await ask(admin!.email);
    const { token } = await tokenMailedTo(admin!.email);
    const used = await redeemSignInLink(database.db, token, clock.now());
    expect(used.member.id).not.toBe(admin!.id);
    const [after] = await database.db.select().from(users).where(eq(users.id, admin!.id));
    expect(after).toEqual(admin);
  });

  test("mails per address and per client are limited: the answer says so (429)", async () => {
    for (let i = 0; i < 3; i++) await ask("flood@example.com", { ip: `198.51.100.${i}` });
    const refused = await refusal(ask("flood@example.com", { ip: "198.51.100.99" }));
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, message: MEMBER_TEXT.rateLimited });
    await expect.poll(() => smtp.received.length).toBe(3);

    for (let i = 0; i < 10; i++) await ask(`office${i}@example.com`, { ip: "192.0.2.7" });
    expect((await refusal(ask("office10@example.com", { ip: "192.0.2.7" }))).status).toBe(429);
    // A quarter of an hour on, the address may ask again.
    clock.set(new Date(START.getTime() + 15 * 60 * 1000));
    await ask("flood@example.com", { ip: "198.51.100.100" });
  });

  test("a bad address is refused, and without e-mail sign-in says it is not available", async () => {
    expect(await refusal(ask("not-an-address"))).toMatchObject({
      code: "invalid",
      message: MEMBER_TEXT.invalidEmail,
    });
    const noMail = testServices(database.db, { clock });
    const refused = await refusal(
      requestSignInLink(noMail, { email: "x@example.com", returnTo: "/", ip: "1.2.3.4", origin: ORIGIN }),
    );
    expect(refused).toMatchObject({ code: "unavailable", message: MEMBER_TEXT.noEmail });
    expect(await database.db.select().from(memberSignInLinks)).toEqual([]);
  });
});
