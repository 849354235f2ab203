import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createMemberSession, type CurrentMember } from "#app/auth/member-session.server";
import {
  articles,
  members,
  memberSessions,
  memberSignInLinks,
  meteredReads,
  newsletterSubscribers,
  passes,
  payments,
  settings,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import {
  accountOverview,
  deleteMemberAccount,
  memberData,
  renameMember,
  setMemberNewsletter,
} from "./account.server";
import { formatAmount, MEMBER_TEXT } from "./member-text";
import { findOrCreateMember } from "./sign-in.server";

const NOW = new Date("2026-03-10T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

test("amounts read as the currency and two decimals", () => {
  expect(formatAmount(200, "GHS")).toBe("GHS 2.00");
  expect(formatAmount(3050, "GHS")).toBe("GHS 30.50");
});

describe.each(TEST_ENGINES)("a reader's account on %s", (engine) => {
  let database: TestDatabase;
  let reader: CurrentMember;
  let other: CurrentMember;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await seedDatabase(database.db, { adminPassword: "secret123" });
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    const { db } = database;
    await db.delete(payments);
    await db.delete(members);
    await db.delete(newsletterSubscribers);
    await db.update(settings).set({ enableNewsletter: true });
    forgetCachedSettings();
    const asCurrent = (m: { id: string; email: string; name: string }) => ({ ...m, sessionId: "" });
    reader = asCurrent(await findOrCreateMember(db, "reader@example.com", NOW));
    other = asCurrent(await findOrCreateMember(db, "other@example.com", NOW));
  });

  /** A paid pass payment and its pass, as the payments code writes them. */
  async function paidPass(member: CurrentMember, plan: "day" | "week", startsAt: Date, days: number) {
    const [payment] = await database.db
      .insert(payments)
      .values({
        reference: `ref-${member.id}-${startsAt.getTime()}`,
        memberId: member.id,
        email: member.email,
        kind: "pass",
        plan,
        amount: plan === "day" ? 200 : 1000,
        status: "paid",
        provider: "paystack",
        channel: "mobile_money",
        createdAt: startsAt,
        paidAt: startsAt,
      })
      .returning();
    await database.db.insert(passes).values({
      memberId: member.id,
      paymentId: payment!.id,
      plan,
      startsAt,
      endsAt: new Date(startsAt.getTime() + days * DAY),
    });
    return payment!;
  }

  test("the overview shows the reader's own passes, running or ended, and receipts, nobody else's", async () => {
    await paidPass(reader, "week", new Date(NOW.getTime() - 2 * DAY), 7);
    await paidPass(reader, "day", new Date(NOW.getTime() - 10 * DAY), 1);
    await paidPass(other, "day", new Date(NOW.getTime() - DAY / 2), 1);
    const view = await accountOverview(database.db, reader, NOW);
    expect(view.email).toBe("reader@example.com");
    expect(view.passes.map((p) => [p.plan, p.state])).toEqual([
      ["week", "running"],
      ["day", "ended"],
    ]);
    expect(
      view.receipts.map((r) => [r.plan, formatAmount(r.amount, r.currency), r.channel, r.status]),
    ).toEqual([
      ["week", "GHS 10.00", "mobile_money", "paid"],
      ["day", "GHS 2.00", "mobile_money", "paid"],
    ]);
    expect(view.newsletter).toEqual({ available: true, subscribed: false });
  });

  test("a name can be changed, within its limit", async () => {
    expect(await renameMember(database.db, reader, { name: "  Ama Mensah " })).toBe("Ama Mensah");
    expect((await accountOverview(database.db, reader, NOW)).name).toBe("Ama Mensah");
    await expect(renameMember(database.db, reader, { name: "x".repeat(101) })).rejects.toSatisfy((e) =>
      isDomainError(e, "invalid"),
    );
  });

  test("the newsletter: the reader's proven address is confirmed at once, and leaves at once", async () => {
    await setMemberNewsletter(database.db, reader, { subscribe: true, ip: "203.0.113.1", now: NOW });
    const [row] = await database.db.select().from(newsletterSubscribers);
    expect(row).toMatchObject({ email: "reader@example.com", status: "confirmed", ipAddress: "203.0.113.1" });
    expect((await accountOverview(database.db, reader, NOW)).newsletter.subscribed).toBe(true);
    await setMemberNewsletter(database.db, reader, { subscribe: false, ip: "203.0.113.1", now: NOW });
    const [after] = await database.db.select().from(newsletterSubscribers);
    expect(after).toMatchObject({ status: "unsubscribed", unsubscribedAt: NOW });
    expect((await accountOverview(database.db, reader, NOW)).newsletter.subscribed).toBe(false);
  });

  test("the reader's data holds their row, passes, payments, newsletter and metered reads", async () => {
    await paidPass(reader, "day", NOW, 1);
    const [article] = await database.db.select({ id: articles.id }).from(articles).limit(1);
    await database.db
      .insert(meteredReads)
      .values({ memberId: reader.id, articleId: article!.id, month: "2026-03-01" });
    await setMemberNewsletter(database.db, reader, { subscribe: true, ip: "", now: NOW });
    const data = await memberData(database.db, reader);
    expect(data.member?.email).toBe("reader@example.com");
    expect(data.passes).toHaveLength(1);
    expect(data.payments).toHaveLength(1);
    expect(data.newsletter?.status).toBe("confirmed");
    expect(data.meteredReads).toEqual([
      expect.objectContaining({ articleId: article!.id, month: "2026-03-01" }),
    ]);
    expect(JSON.stringify(data)).not.toContain("other@example.com");
  });

  test("deleting needs DELETE or the address; it removes the member, sessions, passes, reads and newsletter, keeps payments anonymous", async () => {
    const payment = await paidPass(reader, "day", NOW, 1);
    await paidPass(other, "day", NOW, 1);
    await createMemberSession(database.db, reader.id, NOW);
    await setMemberNewsletter(database.db, reader, { subscribe: true, ip: "", now: NOW });
    const [article] = await database.db.select({ id: articles.id }).from(articles).limit(1);
    await database.db
      .insert(meteredReads)
      .values({ memberId: reader.id, articleId: article!.id, month: "2026-03-01" });

    await database.db.insert(memberSignInLinks).values({
      id: "a-pending-link",
      email: reader.email,
      expiresAt: new Date(NOW.getTime() + DAY),
    });
    for (const typed of ["", "delete", "someone@example.com"])
      await expect(deleteMemberAccount(database.db, reader, { confirmation: typed })).rejects.toThrow(
        MEMBER_TEXT.deleteRefused,
      );
    expect(await database.db.select().from(members).where(eq(members.id, reader.id))).toHaveLength(1);

    await deleteMemberAccount(database.db, reader, { confirmation: " Reader@Example.com " });
    expect(await database.db.select().from(members).where(eq(members.id, reader.id))).toEqual([]);
    expect(
      await database.db.select().from(memberSessions).where(eq(memberSessions.memberId, reader.id)),
    ).toEqual([]);
    expect(await database.db.select().from(passes).where(eq(passes.memberId, reader.id))).toEqual([]);
    expect(await database.db.select().from(meteredReads)).toEqual([]);
    expect(await database.db.select().from(newsletterSubscribers)).toEqual([]);
    expect(await database.db.select().from(memberSignInLinks)).toEqual([]);
    const [kept] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toMatchObject({ memberId: null, email: "", amount: 200, status: "paid" });
    // The other reader keeps everything.
    expect(await database.db.select().from(passes).where(eq(passes.memberId, other.id))).toHaveLength(1);
    expect((await database.db.select().from(payments).where(eq(payments.memberId, other.id)))[0]?.email).toBe(
      "other@example.com",
    );
  });
});
