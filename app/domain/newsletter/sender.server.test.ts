/**
 * Sending the newsletter to a real SMTP server in this process (decision record 018): who gets an issue, how
 * often, what a refusal does, and what two instances sending at once do. The kill -9 in the middle of
 * a send is in server/newsletter-sending.test.ts, on real server processes.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { seedDatabase } from "#app/db/seed.server";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers, settings } from "#app/db/schema";
import { testDkimKey, verifyDkim } from "#test-support/dkim-check";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { engagement, followClick, recordOpen } from "./engagement.server";
import {
  startNewsletterSender,
  wakeableSleep,
  type NewsletterSender,
  type SenderOptions,
} from "./sender.server";
import {
  failDelivery,
  markSending,
  markSent,
  queueIssue,
  retryDelivery,
  sendProgress,
  setIssuePaused,
} from "./sending.server";
import { subscribe, unsubscribe } from "./signup.server";
import { createMailer } from "#app/domain/email/mailer.server";
import { subscribersReadTheMainEdition } from "#test-support/editions";

const STORY = {
  articleId: "story-1",
  title: "Cocoa farmers get a better price",
  excerpt: "The board raised the farm-gate price for the new season.",
  url: "https://news.example.com/article/cocoa-price",
  image: null,
};

describe("the sender's sleep between looks for work", () => {
  test("a wake while it is busy makes its next sleep return at once; a wake ends a sleep", async () => {
    const waiting = wakeableSleep();
    waiting.wake();
    const started = Date.now();
    await waiting.sleep(60_000);
    const sleeping = waiting.sleep(60_000);
    waiting.wake();
    await sleeping;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe.each(TEST_ENGINES)("sending the newsletter on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  /** Addresses the mail server refuses, with the code it answers. */
  const refusals = new Map<string, number>();
  /** How many more times an address is refused (unset: every time). */
  const refusalsLeft = new Map<string, number>();
  const senders: NewsletterSender[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db);
    smtp = await startTestSmtpServer({
      refuseRecipient(address) {
        const left = refusalsLeft.get(address);
        if (left === 0) return undefined;
        if (left !== undefined) refusalsLeft.set(address, left - 1);
        return refusals.get(address);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });

  beforeEach(async () => {
    smtp.clear();
    refusals.clear();
    refusalsLeft.clear();
    await database.db.delete(newsletterIssues);
    await database.db.delete(newsletterSubscribers);
    forgetCachedSettings(database.db);
  });

  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });

  function start(options: Partial<SenderOptions> = {}) {
    const sender = startNewsletterSender(database.db, {
      smtpUrl: smtp.smtpUrl,
      smtpFrom: "Newsdesk <news@example.com>",
      ratePerMinute: 600_000,
      intervalMs: 50,
      leaseMs: 5_000,
      retryDelaysMs: [100],
      ...options,
    });
    senders.push(sender);
    return sender;
  }

  async function subscribers(
    count: number,
    status: "confirmed" | "pending" | "unsubscribed",
    prefix = status,
  ) {
    const rows = Array.from({ length: count }, (_, i) => ({
      email: `${prefix}-${i}@example.com`,
      status,
      token: `${prefix}-token-${i}-${"x".repeat(20)}`,
      countsToken: `${prefix}-counts-${i}-${"x".repeat(20)}`,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await database.db.insert(newsletterSubscribers).values(rows.slice(i, i + 500));
    await subscribersReadTheMainEdition(database.db);
    return rows.map((row) => row.email);
  }

  async function anIssue(subject = "Morning briefing") {
    const [issue] = await database.db
      .insert(newsletterIssues)
      .values({ subject, intro: "Good morning.", stories: [STORY], edition: "en" })
      .returning();
    return issue!;
  }

  async function statusOf(issueId: string) {
    const [row] = await database.db
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId));
    return row?.status;
  }

  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** How many messages each address received. */
  const copiesByAddress = () => {
    const copies = new Map<string, number>();
    for (const message of smtp.received)
      for (const to of message.to) copies.set(to, (copies.get(to) ?? 0) + 1);
    return copies;
  };

  test("2,000 confirmed subscribers get exactly one copy each, with two instances sending at once; pending and unsubscribed get nothing", async () => {
    const confirmed = await subscribers(2000, "confirmed");
    const others = [...(await subscribers(5, "pending")), ...(await subscribers(5, "unsubscribed"))];
    const issue = await anIssue();
    expect(await queueIssue(database.db, issue.id)).toBe(true);
    expect(await queueIssue(database.db, issue.id)).toBe(false); // started once

    start({ owner: "instance-a" });
    start({ owner: "instance-b" });
    await until("the issue is sent", async () => (await statusOf(issue.id)) === "sent", 120_000);

    const copies = copiesByAddress();
    expect(smtp.received).toHaveLength(2000);
    expect(confirmed.every((address) => copies.get(address) === 1)).toBe(true);
    for (const address of others) expect(copies.has(address), address).toBe(false);
    expect(await sendProgress(database.db, issue.id)).toEqual({ sent: 2000, failed: 0, skipped: 0, left: 0 });

    // Each copy is the reader's own: their unsubscribe links, one-click by RFC 8058.
    const first = smtp.received.find((message) => message.to.includes("confirmed-0@example.com"))!;
    expect(first.subject).toBe("Morning briefing");
    expect(first.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:\d+\/newsletter\/one-click\?token=confirmed-token-0-x+&edition=en>$/,
    );
    expect(first.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(first.text).toContain(STORY.url);
    expect(first.html).toContain("/newsletter/unsubscribe?token=confirmed-token-0-");
  }, 180_000);

  test("a 5xx for one address fails it and marks the address bounced; a 4xx is tried again; the rest go on", async () => {
    const confirmed = await subscribers(20, "confirmed");
    refusals.set("confirmed-3@example.com", 550);
    refusals.set("confirmed-7@example.com", 451);
    refusalsLeft.set("confirmed-7@example.com", 1); // "later", once
    const issue = await anIssue();
    await queueIssue(database.db, issue.id);
    start();
    await until("the issue is sent", async () => (await statusOf(issue.id)) === "sent");

    const copies = copiesByAddress();
    expect(copies.has("confirmed-3@example.com")).toBe(false);
    expect(copies.get("confirmed-7@example.com")).toBe(1);
    expect(confirmed.filter((address) => copies.get(address) === 1)).toHaveLength(19);
    expect(await sendProgress(database.db, issue.id)).toEqual({ sent: 19, failed: 1, skipped: 0, left: 0 });
    const [bounced] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "confirmed-3@example.com"));
    expect(bounced!.status).toBe("bounced");
    expect(bounced!.bounceReason).toMatch(/550/);
    const [retried] = await database.db
      .select()
      .from(newsletterDeliveries)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
      .where(eq(newsletterSubscribers.email, "confirmed-7@example.com"));
    expect(retried!.newsletter_deliveries.attempts).toBe(1);
  }, 60_000);

  test("a reader who unsubscribes during the send gets nothing more; a paused send waits and resumes", async () => {
    await subscribers(300, "confirmed");
    const issue = await anIssue();
    await queueIssue(database.db, issue.id);
    // Before the sender starts: the last subscriber leaves (the link in an earlier issue).
    await unsubscribe(database.db, "confirmed-token-299-" + "x".repeat(20));
    expect(await setIssuePaused(database.db, issue.id, true)).toBe(true);
    start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(0);
    expect(await setIssuePaused(database.db, issue.id, false)).toBe(true);
    await until("the issue is sent", async () => (await statusOf(issue.id)) === "sent");
    expect(smtp.received).toHaveLength(299);
    expect(copiesByAddress().has("confirmed-299@example.com")).toBe(false);
    expect(await sendProgress(database.db, issue.id)).toEqual({ sent: 299, failed: 0, skipped: 1, left: 0 });
  }, 60_000);

  test("at the configured rate a minute, not faster", async () => {
    await subscribers(6, "confirmed");
    const issue = await anIssue();
    await queueIssue(database.db, issue.id);
    const started = Date.now();
    start({ ratePerMinute: 600 }); // one every 100 ms
    await until("the issue is sent", async () => (await statusOf(issue.id)) === "sent");
    expect(smtp.received).toHaveLength(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  }, 30_000);
  test("with DKIM settings each issue is signed over List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 one-click counts only then), and verifies", async () => {
    await subscribers(2, "confirmed");
    const key = testDkimKey();
    const issue = await anIssue();
    await queueIssue(database.db, issue.id);
    start({ dkim: key, smtpFrom: "Newsdesk <news@news.example.com>" });
    await until("the issue is sent", async () => (await statusOf(issue.id)) === "sent");
    expect(smtp.received).toHaveLength(2);
    for (const message of smtp.received) {
      const [signature, ...more] = await verifyDkim(message.raw, key);
      expect(more).toEqual([]);
      expect(signature).toMatchObject({ domain: "news.example.com", result: "pass" });
      expect(signature!.signedHeaders).toEqual(
        expect.arrayContaining([
          "list-unsubscribe",
          "list-unsubscribe-post",
          "from",
          "subject",
          "message-id",
        ]),
      );
      // The signature holds the unsubscribe address: another one put in its place fails it.
      const forged = message.raw
        .toString()
        .replace("/newsletter/one-click?token=", "/newsletter/one-click?token=x");
      expect(forged).not.toBe(message.raw.toString());
      expect((await verifyDkim(forged, key))[0]!.result).toBe("fail");
    }
  });

  test("open counts: off by default, no image and plain story links; on, each reader's opens and clicks count once", async () => {
    await subscribers(2, "confirmed");
    const quiet = await anIssue("Without counts");
    await queueIssue(database.db, quiet.id);
    start();
    await until("the issue is sent", async () => (await statusOf(quiet.id)) === "sent");
    const plain = smtp.received[0]!;
    expect(plain.html).not.toContain("/newsletter/opened");
    expect(plain.html).toContain(`href="${STORY.url}"`);
    await recordOpen(database.db, quiet.id, "confirmed-counts-0-" + "x".repeat(20));
    expect(await engagement(database.db, quiet.id)).toEqual({ opened: 0, clicked: 0 });

    await database.db.update(settings).set({ newsletterOpenCounts: true });
    forgetCachedSettings(database.db);
    smtp.clear();
    const counted = await anIssue("With counts");
    await queueIssue(database.db, counted.id);
    await until("the issue is sent", async () => (await statusOf(counted.id)) === "sent");
    const mail = smtp.received.find((message) => message.to.includes("confirmed-0@example.com"))!;
    const token = "confirmed-counts-0-" + "x".repeat(20);
    const unsubscribeToken = "confirmed-token-0-" + "x".repeat(20);
    expect(mail.html).toContain(`/newsletter/opened?issue=${counted.id}&amp;token=${token}`);
    expect(mail.html).toContain(`/newsletter/clicked?issue=${counted.id}&amp;token=${token}&amp;story=0`);
    expect(mail.html).not.toContain(`href="${STORY.url}"`);
    // The image and the counted links carry a token that only counts: an image proxy or a link scanner
    // that loads them cannot unsubscribe the reader with it; the unsubscribe link's token counts nothing.
    expect(mail.html.match(/token=([\w-]+)/g)?.filter((t) => t !== `token=${token}`)).toEqual([
      `token=${unsubscribeToken}`,
    ]);
    expect(await unsubscribe(database.db, token)).toBe(false);
    expect(await recordOpen(database.db, counted.id, unsubscribeToken)).toBeUndefined();
    expect(await engagement(database.db, counted.id)).toEqual({ opened: 0, clicked: 0 });
    const [reader] = await database.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "confirmed-0@example.com"));
    expect(reader!.status).toBe("confirmed");

    await recordOpen(database.db, counted.id, token);
    await recordOpen(database.db, counted.id, token);
    expect(await followClick(database.db, counted.id, token, 0)).toBe(STORY.url);
    // Another place, or a forged token: no story, no count.
    expect(await followClick(database.db, counted.id, token, 7)).toBeNull();
    expect(await followClick(database.db, counted.id, "not-a-token-of-anyone-xx", 0)).toBe(STORY.url);
    expect(await engagement(database.db, counted.id)).toEqual({ opened: 1, clicked: 1 });
    await database.db.update(settings).set({ newsletterOpenCounts: false });
    forgetCachedSettings(database.db);
  }, 60_000);
  test("a relay that refuses everyone (5.7.1) fails the deliveries but bounces nobody; a bounced reader who signs up again is mailed again", async () => {
    await subscribers(3, "confirmed");
    refusals.set("confirmed-0@example.com", 550);
    refusals.set("confirmed-1@example.com", 554);
    const issue = await anIssue();
    await queueIssue(database.db, issue.id);
    start();
    await until("the issue is sent", async () => (await statusOf(issue.id)) === "sent");
    const statuses = await database.db
      .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
      .from(newsletterSubscribers);
    const statusOfReader = (email: string) => statuses.find((row) => row.email === email)?.status;
    expect(statusOfReader("confirmed-0@example.com")).toBe("bounced"); // "No such mailbox here"
    expect(statusOfReader("confirmed-1@example.com")).toBe("confirmed"); // 554: not the mailbox's fault
    expect(await sendProgress(database.db, issue.id)).toEqual({ sent: 1, failed: 2, skipped: 0, left: 0 });

    // Bounced, then signed up again: pending (or confirmed, without e-mail) like a new reader.
    const again = await subscribe(
      database.db,
      { email: "confirmed-0@example.com", consent: "on" },
      { origin: "https://news.example.com", ip: "10.9.0.1", mailer: createMailer({}) },
    );
    expect(again.title).toBeTruthy();
    const [reader] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "confirmed-0@example.com"));
    expect(reader!.status).toBe("confirmed");
    expect(reader!.bounceReason).toBe("");
  }, 60_000);

  test("a copy a dead sender left `sending` (its last line gone, the answer not recorded) goes again once, with the same Message-ID; the rest do not", async () => {
    await subscribers(3, "confirmed");
    const issue = await anIssue();
    await queueIssue(database.db, issue.id);
    start({ owner: "first" });
    await until("the issue is sent", async () => (await statusOf(issue.id)) === "sent");
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    const first = smtp.received.find((message) => message.to.includes("confirmed-1@example.com"))!;
    const ids = smtp.received.map((message) => message.headers["message-id"]);
    expect(new Set(ids).size).toBe(3);
    expect(first.headers["message-id"]).toMatch(
      new RegExp(`^<newsletter\\.${issue.id}\\.[\\w-]+@example\\.com>$`),
    );

    // As a holder killed after the "." of reader 1's copy leaves things: that row `sending`, its lease
    // still held by the dead one until it runs out.
    const [reader] = await database.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "confirmed-1@example.com"));
    await database.db
      .update(newsletterDeliveries)
      .set({ status: "sending", sentAt: null })
      .where(eq(newsletterDeliveries.subscriberId, reader!.id));
    await database.db
      .update(newsletterIssues)
      .set({ status: "sending", leaseOwner: "dead", leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(newsletterIssues.id, issue.id));
    smtp.clear();
    start({ owner: "second" });
    await until("the issue is sent again", async () => (await statusOf(issue.id)) === "sent");
    expect(smtp.received.map((message) => message.to)).toEqual([["confirmed-1@example.com"]]);
    expect(smtp.received[0]!.headers["message-id"]).toBe(first.headers["message-id"]);
    expect(await sendProgress(database.db, issue.id)).toEqual({ sent: 3, failed: 0, skipped: 0, left: 0 });
  });

  test("a sender that lost its lease cannot undo what the new holder did", async () => {
    await subscribers(1, "confirmed");
    const issue = await anIssue();
    await queueIssue(database.db, issue.id);
    const [row] = await database.db.select().from(newsletterDeliveries);
    const delivery = { issueId: issue.id, subscriberId: row!.subscriberId };
    await database.db
      .update(newsletterIssues)
      .set({ leaseOwner: "instance-b" })
      .where(eq(newsletterIssues.id, issue.id));
    expect(await markSending(database.db, issue.id, row!.subscriberId)).toBe(true); // B sends it
    await markSent(database.db, issue.id, row!.subscriberId); // and the server took it
    // A's late 4xx and 5xx change nothing.
    await retryDelivery(database.db, { ...delivery, owner: "instance-a" }, { at: new Date(), error: "451" });
    expect(await failDelivery(database.db, { ...delivery, owner: "instance-a" }, "550")).toBe(false);
    expect(await sendProgress(database.db, issue.id)).toEqual({ sent: 1, failed: 0, skipped: 0, left: 0 });
  });
});
