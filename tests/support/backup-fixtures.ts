/**
 * What the backup tests share: temporary folders and empty databases they clean up after themselves, the
 * seeded site they back up (something in every kind of column, and an upload with its copies), and the
 * comparisons that say two sites hold the same rows and the same files.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getTableName, sql } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase, type Database } from "#app/db/client.server";
import { createEmptyPostgresDatabase } from "#test-support/test-database";
import {
  articles,
  articleViews,
  comments,
  members,
  memberSignInLinks,
  meteredReads,
  passes,
  payments,
  settings,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createMemberSession } from "#app/auth/member-session.server";
import { createSession } from "#app/auth/session.server";
import { listMediaKeys, readMediaFile, type MediaServices } from "#app/domain/media/storage.server";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import { uploadMedia } from "#app/domain/media/upload.server";
import { createUser } from "#app/domain/users/users.server";
import { rowsOf } from "#app/domain/backup/query.server";
import { backupTables, schemaTables } from "#app/domain/backup/tables.server";

export type Engine = "pglite" | "postgres";

const temporaryFolders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** A new temporary folder, removed by `cleanUpBackupTests`. */
export async function folder(name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `newsdesk-backup-${name}-`));
  temporaryFolders.push(dir);
  return dir;
}

/** Closes and drops every database and removes every folder the tests made. */
export async function cleanUpBackupTests() {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
  for (const dir of temporaryFolders) await rm(dir, { recursive: true, force: true });
  temporaryFolders.length = 0;
}

/** A database with no tables at all, as a new PostgreSQL database or a new data folder is. */
export async function emptyDatabase(engine: Engine): Promise<Database> {
  if (engine === "pglite") {
    const database = await openDatabase({ memory: true });
    cleanups.push(() => database.close());
    return database;
  }
  const empty = await createEmptyPostgresDatabase("newsdesk_backup");
  const database = await openDatabase({ databaseUrl: empty.url });
  cleanups.push(async () => {
    await database.close();
    await empty.drop();
  });
  return database;
}

async function photo(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i % (width * 3)) / 9 + ((i * 7919) % 53)) & 0xff;
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/**
 * A site with something in every kind of column: arrays, jsonb, microseconds, a reply before its parent;
 * its upload goes to the media store `media`.
 */
export async function seedSite(database: Database, media: MediaServices) {
  const db = database.db;
  await database.migrate();
  await seedDatabase(db, { adminEmail: "admin@example.com", adminPassword: "Admin12345" });
  const editor = await createUser(
    { db, media },
    { name: "Efua Editor", email: "efua@example.com", password: "Efua12345", role: "editor" },
    null,
  );
  await db.update(settings).set({
    siteTitle: 'Accra "Daily" — ñews ☀',
    adsExcludedPaths: ["/about", "/contact"],
    adSlots: [{ key: "top", slotId: "123", active: true, format: "auto", sizes: ["728x90"] }],
  });
  const [story] = await db.select().from(articles).limit(1);
  await db.execute(
    sql`UPDATE articles SET manual_date = '2024-02-03 04:05:06.123456+00', use_manual_date = true, tags = ARRAY['a,b', 'quote"d', 'ünï'] WHERE id = ${story!.id}`,
  );
  await db.insert(articleViews).values({ articleId: story!.id, day: "2024-02-03", views: 42 });
  // A Twi edition and a translation (decision record 022): the search document is made in Twi again on
  // restore, from the generated column's own expression (a copy never carries it).
  await db.execute(sql`INSERT INTO editions (tag, name, enabled, position) VALUES ('tw', 'Twi', true, 1)`);
  await db.insert(articles).values({
    id: "twi-version",
    title: "Kɔ̀fi Ɔmanpanin kɔ Kumasi",
    slug: "kofi-omanpanin-ko-kumasi",
    content: "<p>Ɛnnɛ nsɛm.</p>",
    language: "tw",
    translationOf: story!.id,
    status: "published",
    publishedAt: new Date("2024-02-03T05:06:07.000Z"),
  });
  // The reply's id sorts before its parent's: the dump's key order puts it first.
  await db.insert(comments).values([
    {
      id: "zz-parent",
      articleId: story!.id,
      authorName: "Kofi",
      authorEmail: "k@example.com",
      text: "First",
    },
    {
      id: "aa-reply",
      articleId: story!.id,
      parentId: "zz-parent",
      authorName: "Ama",
      authorEmail: "a@example.com",
      text: "Reply\nwith a line break and \\ a backslash",
      status: "approved",
    },
  ]);
  await createSession(db, editor.id);
  await seedReaderRevenue(database, story!.id);
  const file = new File([await photo(1400, 900)], "Front page.png", { type: "image/png" });
  const upload = await uploadMedia(db, media, editor, {
    mode: "file",
    name: "Front page",
    alt: "Crowd",
    file,
  } as never);
  if (upload.variants.length <= 1)
    throw new Error(`The seeded upload has ${upload.variants.length} copies: a backup test needs several.`);
  return upload;
}

/**
 * A member with a session, a pass and a paid story read on the meter; a donation whose donor deleted
 * their account (kept for the books, decision record 021); a sign-in link waiting to be followed.
 */
async function seedReaderRevenue(database: Database, storyId: string) {
  const db = database.db;
  const [member] = await db
    .insert(members)
    .values({ email: "abena@example.com", name: "Abena" })
    .returning({ id: members.id });
  const paidAt = new Date("2026-11-02T10:11:12.345Z");
  const [payment] = await db
    .insert(payments)
    .values({
      reference: "nd_backup_pass",
      memberId: member!.id,
      email: "abena@example.com",
      kind: "pass",
      plan: "week",
      amount: 1000,
      status: "paid",
      provider: "paystack",
      channel: "mobile_money",
      paidAt,
    })
    .returning({ id: payments.id });
  await db.insert(payments).values({
    reference: "nd_backup_gift",
    kind: "donation",
    amount: 2550,
    status: "paid",
    provider: "paystack",
    channel: "card",
    message: "Keep it up — ẹ ṣé",
    paidAt,
  });
  await db.insert(passes).values({
    memberId: member!.id,
    paymentId: payment!.id,
    plan: "week",
    startsAt: paidAt,
    endsAt: new Date(paidAt.getTime() + 7 * 24 * 3600_000),
  });
  await db.insert(meteredReads).values({ memberId: member!.id, articleId: storyId, month: "2026-11-01" });
  await createMemberSession(db, member!.id, paidAt);
  await db.insert(memberSignInLinks).values({
    id: "link-hash",
    email: "kwame@example.com",
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
}

/** Every row of every table in the backup, in key order, as Drizzle reads them. */
export async function everyRow(database: Database) {
  const result: Record<string, unknown[]> = {};
  for (const table of backupTables()) {
    const rows = await database.db.select().from(table.table);
    result[table.name] = rows
      .map((row) => JSON.stringify(row))
      .sort()
      .map((row) => JSON.parse(row) as unknown);
  }
  return result;
}

/** Exact text of every row, microseconds included, as the database writes it (UTC). */
export async function exactRows(database: Database) {
  const result: Record<string, string[]> = {};
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    for (const table of schemaTables()) {
      const name = getTableName(table);
      const rows = await rowsOf<{ line: string }>(
        tx,
        sql.raw(`SELECT to_jsonb(t)::text AS line FROM "${name}" t`),
      );
      result[name] = rows.map((row) => row.line).sort();
    }
  });
  return result;
}

/** Every file of the media store `media`, by key, as base64 (so a difference shows as text). */
export async function storedFiles(media: MediaServices) {
  const files: Record<string, string> = {};
  for await (const key of listMediaKeys(media))
    files[key] = Buffer.from(await readMediaFile(media, key)).toString("base64");
  return files;
}

/** Every file in a local media folder. */
export async function everyFile(root: string) {
  return storedFiles({ store: localMediaStore(root) });
}
