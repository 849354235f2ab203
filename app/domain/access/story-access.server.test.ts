import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articles, meteredReads, members, users } from "#app/db/schema";
import { saveArticle } from "#app/domain/articles/admin.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { insertMember, insertPass } from "#test-support/gated-fixtures";
import { testServices } from "#test-support/services";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { meterMonth, readerStanding, storyAccess } from "./story-access.server";

const now = new Date("2026-11-20T10:00:00Z");
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);

describe.each(TEST_ENGINES)("story access on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem");
  const settings = { meterPaidStories: 2, timezone: "Africa/Accra" };
  const at = { now, settings };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: "editor" });
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(members);
    await database.db.delete(articles);
  });

  const story = async (access: "public" | "members" | "paid", title = "Budget") => {
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title, status: "published" }),
    );
    return { id, access };
  };
  const standingOf = async (member: { id: string } | null) => readerStanding(database.db, member, at);
  const read = async (
    member: { id: string } | null,
    s: { id: string; access: "public" | "members" | "paid" },
    isStaff = false,
  ) => storyAccess(database.db, { standing: await standingOf(member), staff: isStaff }, s, at);

  test("anonymous readers get the preview and the offers the story calls for", async () => {
    expect(await read(null, await story("public"))).toMatchObject({ full: true, offer: null });
    expect(await read(null, await story("members"))).toMatchObject({
      full: false,
      offer: { signIn: true, pass: false },
    });
    expect(await read(null, await story("paid"))).toMatchObject({
      full: false,
      offer: { signIn: true, pass: true },
      personal: false,
    });
  });

  test("staff read everything; members read members' stories", async () => {
    const member = await insertMember(database.db, "ama@example.test");
    expect(await read(null, await story("paid"), true)).toMatchObject({ full: true, personal: true });
    expect(await read(member, await story("members"))).toMatchObject({ full: true, personal: false });
  });

  test("a running pass makes a paying reader; an ended or refunded pass does not, a later one is named", async () => {
    const payer = await insertMember(database.db, "kofi@example.test");
    await insertPass(database.db, payer.id, hours(-2), hours(22));
    await insertPass(database.db, payer.id, hours(22), hours(46));
    expect(await standingOf(payer)).toMatchObject({ accessClass: "paying", passUntil: hours(46) });
    expect(await read(payer, await story("paid"))).toMatchObject({ full: true, personal: false });

    const refunded = await insertMember(database.db, "esi@example.test");
    await insertPass(database.db, refunded.id, hours(-5), hours(-1)); // ended by its refund
    expect(await standingOf(refunded)).toMatchObject({ accessClass: "member", passUntil: null });

    const waiting = await insertMember(database.db, "yaw@example.test");
    await insertPass(database.db, waiting.id, hours(1), hours(25)); // not started yet
    expect((await standingOf(waiting)).accessClass).toBe("member");
  });

  test("the meter gives a free member two paid stories a month; one read again stays free", async () => {
    const member = await insertMember(database.db, "abena@example.test");
    const [a, b, c] = [await story("paid", "A"), await story("paid", "B"), await story("paid", "C")];
    expect(await standingOf(member)).toMatchObject({ accessClass: "member", meterLeft: 2 });
    expect(await read(member, a)).toMatchObject({ full: true, personal: true, meterLeft: 1 });
    expect(await read(member, a)).toMatchObject({ full: true, personal: true }); // again: free
    expect(await read(member, b)).toMatchObject({ full: true, meterLeft: 0 });
    expect(await standingOf(member)).toMatchObject({ accessClass: "member-metered-out", meterLeft: 0 });
    expect(await read(member, c)).toMatchObject({
      full: false,
      offer: { signIn: false, pass: true },
      personal: true,
    });
    expect(await read(member, a)).toMatchObject({ full: true });
    const rows = await database.db.select().from(meteredReads);
    expect(rows.map((r) => r.month)).toEqual([meterMonth(now, "Africa/Accra"), "2026-11-01"]);
  });

  test("with the meter off (0), a free member reads no paid story in full", async () => {
    const member = await insertMember(database.db, "akua@example.test");
    const off = { now, settings: { ...settings, meterPaidStories: 0 } };
    const standing = await readerStanding(database.db, member, off);
    expect(standing.accessClass).toBe("member-metered-out");
    expect(
      await storyAccess(database.db, { standing, staff: false }, await story("paid"), off),
    ).toMatchObject({ full: false });
    expect(await database.db.select().from(meteredReads)).toEqual([]);
  });
});
