/**
 * Backups that restore anywhere: a seeded site (sample stories, staff, settings, a comment thread, an
 * upload with its variants through the media library) backed up from the embedded database, restored
 * into a fresh PostgreSQL database, backed up again there and restored into a fresh embedded database,
 * ends with the same rows in every table and the same files. PostgreSQL's part runs when
 * TEST_DATABASE_URL is set (the middle step is then on PGlite too).
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Database } from "#app/db/client.server";
import { articles, articleViews, comments, media, sessions, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { TEST_ENGINES } from "#test-support/test-database";
import { DomainError } from "#app/lib/errors";
import type { MediaServices } from "#app/domain/media/storage.server";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import {
  cleanUpBackupTests,
  emptyDatabase,
  everyFile,
  everyRow,
  exactRows,
  folder,
  seedSite,
  type Engine,
} from "#test-support/backup-fixtures";
import { writeBackup } from "./dump.server";
import { readManifest, sha256OfFile, type Manifest } from "./manifest.server";
import { rowsOf } from "./query.server";
import { continueSequences, restoreBackup } from "./restore.server";
import { backupTables, EXCLUDED_TABLES } from "./tables.server";

/** The media store the code under test is given (the services' media part, app/services.server.ts). */
let store: MediaServices;
afterAll(async () => {
  await cleanUpBackupTests();
});

describe("a backup restores anywhere", () => {
  const middle: Engine = TEST_ENGINES.includes("postgres") ? "postgres" : "pglite";
  let source: Database;
  let sourceMedia: string;
  let firstBackup: string;

  beforeAll(async () => {
    sourceMedia = await folder("media-a");
    store = { store: localMediaStore(sourceMedia) };
    source = await emptyDatabase("pglite");
    await seedSite(source, store);
    firstBackup = path.join(await folder("dump"), "first");
    await writeBackup(source.db, firstBackup, { media: store, engine: "pglite" });
  }, 60_000);

  test("every table of the database is in the backup or deliberately left out, and the manifest counts every row", async () => {
    const manifest = await readManifest(firstBackup);
    const inDatabase = await rowsOf<{ name: string }>(
      source.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect([...manifest.tables.map((t) => t.name), ...manifest.excludedTables].sort()).toEqual(
      inDatabase.map((row) => row.name).sort(),
    );
    expect(manifest.excludedTables.sort()).toEqual(Object.keys(EXCLUDED_TABLES).sort());
    for (const table of manifest.tables) {
      const lines = (await readFile(path.join(firstBackup, table.file), "utf8")).split("\n").filter(Boolean);
      const [{ count }] = (await rowsOf<{ count: number }>(
        source.db,
        sql.raw(`SELECT count(*)::int AS count FROM "${table.name}"`),
      )) as [{ count: number }];
      expect([table.name, lines.length]).toEqual([table.name, count]);
      expect([table.name, table.rows]).toEqual([table.name, count]);
    }
    const [upload] = await source.db.select().from(media);
    expect(manifest.media.map((m) => m.key).sort()).toEqual(
      [upload!.storageKey, ...upload!.variants.map((v) => v.key)].sort(),
    );
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
  });

  test("only the account that wrote it can read a backup: folders 0700 and files 0600, whatever the umask", async () => {
    const modesIn = async (dir: string, relative = "."): Promise<string[]> => {
      const found = [`${relative} ${((await stat(dir)).mode & 0o777).toString(8)}`];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        const name = path.posix.join(relative, entry.name);
        if (entry.isDirectory()) found.push(...(await modesIn(full, name)));
        else found.push(`${name} ${((await stat(full)).mode & 0o777).toString(8)}`);
      }
      return found;
    };
    // An empty folder made beforehand, open to everyone, under a umask that keeps nothing private.
    const previous = process.umask(0o000);
    const madeOpen = path.join(await folder("dump"), "made-open-beforehand");
    try {
      await mkdir(madeOpen);
      await chmod(madeOpen, 0o777);
      await writeBackup(source.db, madeOpen, { media: store, engine: "pglite" });
    } finally {
      process.umask(previous);
    }
    const manifest = await readManifest(firstBackup);
    const expected = [
      ". 700",
      "manifest.json 600",
      "media 700",
      "tables 700",
      ...manifest.media.map((entry) => `${entry.file} 600`),
      ...manifest.tables.map((table) => `${table.file} 600`),
    ].sort();
    expect((await modesIn(firstBackup)).sort()).toEqual(expected);
    expect((await modesIn(madeOpen)).sort()).toEqual(expected);
  }, 60_000);

  test(`PGlite → ${middle} → PGlite: the same rows in every table and the same files`, async () => {
    const middleMedia = await folder("media-b");
    store = { store: localMediaStore(middleMedia) };
    const second = await emptyDatabase(middle);
    await restoreBackup(second, firstBackup, { media: store });
    const secondBackup = path.join(await folder("dump"), "second");
    await writeBackup(second.db, secondBackup, { media: store, engine: middle });

    const finalMedia = await folder("media-c");
    store = { store: localMediaStore(finalMedia) };
    const third = await emptyDatabase("pglite");
    await restoreBackup(third, secondBackup, { media: store });

    expect(await everyRow(second)).toEqual(await everyRow(source));
    // The search document is not copied but made again, in the story's language (drizzle/0029).
    expect(await readFile(path.join(firstBackup, "tables", "articles.jsonl"), "utf8")).not.toContain(
      "search_vector",
    );
    for (const restored of [second, third])
      expect(
        await rowsOf<{ id: string }>(
          restored.db,
          sql`SELECT id FROM articles WHERE search_vector @@ websearch_to_tsquery(newsdesk_search_config('tw'), newsdesk_search_text('tw', 'kofi omanpanin'))`,
        ),
      ).toEqual([{ id: "twi-version" }]);
    expect(await everyRow(third)).toEqual(await everyRow(source));
    const sourceRows = await exactRows(source);
    const thirdRows = await exactRows(third);
    for (const table of backupTables()) expect(thirdRows[table.name]).toEqual(sourceRows[table.name]);
    // What a restore leaves out on purpose starts empty: everyone signs in again.
    expect(await source.db.select().from(sessions)).toHaveLength(1);
    expect(await third.db.select().from(sessions)).toHaveLength(0);
    for (const name of Object.keys(EXCLUDED_TABLES)) expect(thirdRows[name]).toEqual([]);
    // Reader accounts and the books travel (decision record 021); their sessions and links do not.
    for (const name of ["members", "payments", "passes", "metered_reads"])
      expect(thirdRows[name]?.length, name).toBeGreaterThan(0);

    const files = await everyFile(sourceMedia);
    expect(Object.keys(files).length).toBeGreaterThan(1);
    expect(await everyFile(middleMedia)).toEqual(files);
    expect(await everyFile(finalMedia)).toEqual(files);
    // The tables travel as the same bytes whichever engine wrote them.
    for (const table of backupTables())
      expect(await readFile(path.join(secondBackup, "tables", `${table.name}.jsonl`), "utf8")).toEqual(
        await readFile(path.join(firstBackup, "tables", `${table.name}.jsonl`), "utf8"),
      );
  }, 120_000);

  test("a target that is not empty is refused with one line, and nothing in it changes", async () => {
    store = { store: localMediaStore(sourceMedia) };
    const before = await exactRows(source);
    await expect(restoreBackup(source, firstBackup, { media: store })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^The target is not empty \(rows in .*\): .*--force/),
    });
    expect(await exactRows(source)).toEqual(before);

    // Stored files alone make the target not empty too.
    const target = await emptyDatabase("pglite");
    const occupiedMedia = await folder("media-occupied");
    await writeFile(path.join(occupiedMedia, "0123456789abcdef01234567.png"), "someone else's");
    store = { store: localMediaStore(occupiedMedia) };
    await expect(restoreBackup(target, firstBackup, { media: store })).rejects.toMatchObject({
      message: expect.stringMatching(/1 stored media files/),
    });
  }, 60_000);

  test("--force replaces everything: rows and files end as in the backup", async () => {
    const targetMedia = await folder("media-force");
    store = { store: localMediaStore(targetMedia) };
    const target = await emptyDatabase("pglite");
    await target.migrate();
    await seedDatabase(target.db, { adminEmail: "other@example.com", adminPassword: "Other12345" });
    await writeFile(path.join(targetMedia, "fedcba9876543210fedcba98.png"), "left over");
    await restoreBackup(target, firstBackup, { media: store, force: true });
    expect(await everyRow(target)).toEqual(await everyRow(source));
    expect(await everyFile(targetMedia)).toEqual(await everyFile(sourceMedia));
  }, 60_000);

  test("a damaged file is refused before anything is written", async () => {
    const damaged = path.join(await folder("dump"), "damaged");
    await copyFolder(firstBackup, damaged);
    const file = path.join(damaged, "tables", "comments.jsonl");
    await writeFile(file, (await readFile(file, "utf8")).replace("First", "Fir5t"));
    const targetMedia = await folder("media-damaged");
    store = { store: localMediaStore(targetMedia) };
    const target = await emptyDatabase("pglite");
    await expect(restoreBackup(target, damaged, { media: store })).rejects.toMatchObject({
      code: "invalid",
      message:
        "tables/comments.jsonl does not match its checksum in manifest.json: the backup is damaged; nothing was restored.",
    });
    const tables = await rowsOf(
      target.db,
      sql`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables).toHaveLength(0);
    expect(await readdir(targetMedia)).toEqual([]);
  }, 60_000);

  test("a backup from a newer Newsdesk (a migration this code does not have) is refused", async () => {
    const newer = path.join(await folder("dump"), "newer");
    await copyFolder(firstBackup, newer);
    const manifestFile = path.join(newer, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as {
      migration: { tag: string; createdAt: number };
    };
    manifest.migration = { tag: "9999_from_the_future", createdAt: Date.now() + 1e12 };
    await writeFile(manifestFile, JSON.stringify(manifest));
    store = { store: localMediaStore(await folder("media-newer")) };
    await expect(restoreBackup(await emptyDatabase("pglite"), newer, { media: store })).rejects.toMatchObject(
      {
        message: expect.stringMatching(/9999_from_the_future.*Newsdesk .* or later/),
      },
    );
  }, 60_000);

  /** Each changes a copy of the backup (its checksums made to agree, as a crafted backup's would). */
  const CRAFTED: [string, (dir: string, manifest: Manifest) => Promise<void>, RegExp][] = [
    [
      "a manifest without media",
      async (_dir, manifest) => {
        delete (manifest as Partial<Manifest>).media;
      },
      /manifest\.json is not a whole manifest \(media: .*\): the backup is damaged; nothing was restored\.$/,
    ],
    [
      "a manifest without tables",
      async (_dir, manifest) => {
        delete (manifest as Partial<Manifest>).tables;
      },
      /manifest\.json is not a whole manifest \(tables: .*\)/,
    ],
    [
      "a table a backup leaves out (sessions)",
      async (dir, manifest) => {
        await writeFile(path.join(dir, "tables/sessions.jsonl"), "");
        manifest.tables.push({ name: "sessions", file: "tables/sessions.jsonl", rows: 0, columns: ["id"] });
      },
      /^manifest\.json lists the table sessions, which a backup does not hold: the backup is damaged; nothing was restored\.$/,
    ],
    [
      "a table the schema does not have",
      async (dir, manifest) => {
        await writeFile(path.join(dir, "tables/intruders.jsonl"), "");
        manifest.tables.push({ name: "intruders", file: "tables/intruders.jsonl", rows: 0, columns: ["id"] });
      },
      /^manifest\.json lists the table intruders, which a backup does not hold/,
    ],
    [
      "a column the table does not have",
      async (_dir, manifest) => {
        manifest.tables.find((table) => table.name === "users")!.columns.push("is_superuser");
      },
      /^manifest\.json gives the table users the column is_superuser, which it does not have/,
    ],
    [
      "a media key that is not a key",
      async (dir, manifest) => {
        const entry = manifest.media[0]!;
        await writeFile(path.join(dir, "escape.png"), await readFile(path.join(dir, entry.file)));
        Object.assign(entry, { key: "../escape.png", file: "media/../escape.png" });
      },
      /^manifest\.json lists the media file media\/\.\.\/escape\.png under the key \.\.\/escape\.png, which is not valid/,
    ],
    [
      "a media file of another size than the manifest says",
      async (dir, manifest) => {
        const entry = manifest.media[0]!;
        await writeFile(path.join(dir, entry.file), "0", { flag: "a" });
      },
      /^media\/\S+ is [\d,]+ bytes where manifest\.json says [\d,]+: the backup is damaged/,
    ],
    [
      "a media file larger than an upload may be",
      async (dir, manifest) => {
        const entry = manifest.media[0]!;
        const big = new Uint8Array(32 * 1024 * 1024 + 1);
        await writeFile(path.join(dir, entry.file), big);
        entry.bytes = big.byteLength;
      },
      /^media\/\S+ is 33,554,433 bytes, more than an upload may be \(33,554,432\)/,
    ],
  ];

  test.each(CRAFTED)(
    "%s is refused in one line before anything is written",
    async (_name, change, message) => {
      const crafted = path.join(await folder("dump"), "crafted");
      await copyFolder(firstBackup, crafted);
      const manifestFile = path.join(crafted, "manifest.json");
      const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
      await change(crafted, manifest);
      for (const entry of [...(manifest.tables ?? []), ...(manifest.media ?? [])])
        manifest.checksums[entry.file] = await sha256OfFile(path.join(crafted, entry.file)).catch(() => "");
      await writeFile(manifestFile, JSON.stringify(manifest));
      const targetMedia = await folder("media-crafted");
      store = { store: localMediaStore(targetMedia) };
      const target = await emptyDatabase("pglite");
      const refusal = await restoreBackup(target, crafted, { media: store }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: "invalid", message: expect.stringMatching(message) });
      expect((refusal as Error).message).not.toContain("\n");
      const tables = await rowsOf(
        target.db,
        sql`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      expect(tables).toHaveLength(0);
      expect(await readdir(targetMedia)).toEqual([]);
    },
    60_000,
  );
});

test("a sequence goes on after the restored rows (no table of the schema has one today; a future one would)", async () => {
  const database = await emptyDatabase("pglite");
  await database.db.execute(sql`CREATE TABLE numbered (id serial PRIMARY KEY, label text)`);
  await database.db.execute(sql`INSERT INTO numbered (id, label) VALUES (1, 'a'), (41, 'b')`);
  await database.db.transaction((tx) => continueSequences(tx));
  const [added] = await rowsOf<{ id: number }>(
    database.db,
    sql`INSERT INTO numbered (label) VALUES ('c') RETURNING id`,
  );
  expect(added!.id).toBe(42);
});

describe.each(TEST_ENGINES)("a backup taken while the site is written to, on %s", (engine) => {
  test("is one snapshot: the manifest's counts are the files' rows, and every foreign key holds on restore", async () => {
    store = { store: localMediaStore(await folder("media-busy")) };
    const site = await emptyDatabase(engine);
    await site.migrate();
    await seedDatabase(site.db, {});
    const [story] = await site.db.select({ id: articles.id }).from(articles).limit(1);
    let writing = true;
    let written = 0;
    let failure: unknown = null;
    // Each new story gets a comment at once, in its own statement: a backup that read the tables one after
    // another, outside one snapshot, would hold comments whose story it does not have.
    const writer = (async () => {
      while (writing) {
        const [added] = await site.db
          .insert(articles)
          .values({
            title: `Busy ${written}`,
            content: "<p>Busy</p>",
            slug: `busy-${written}-${randomBytes(3).toString("hex")}`,
          })
          .returning({ id: articles.id });
        await site.db.insert(comments).values({
          articleId: added!.id,
          authorName: "Reader",
          authorEmail: "r@example.com",
          text: `On busy ${written}`,
        });
        await site.db
          .insert(articleViews)
          .values({ articleId: story!.id, day: `2020-01-01`, views: 1 })
          .onConflictDoUpdate({
            target: [articleViews.articleId, articleViews.day],
            set: { views: sql`${articleViews.views} + 1` },
          });
        written++;
        // The embedded database answers without a turn of the event loop: a server's writes come from requests.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().catch((error: unknown) => {
      failure = error;
    });
    const waitFor = async (count: number) => {
      while (written < count && !failure) await new Promise((resolve) => setTimeout(resolve, 10));
      if (failure) throw failure;
    };
    await waitFor(20);
    const dir = path.join(await folder("dump"), "busy");
    await writeBackup(site.db, dir, { media: store, engine });
    const afterBackup = written;
    await waitFor(afterBackup + 20);
    writing = false;
    await writer;

    const manifest = await readManifest(dir);
    for (const table of manifest.tables) {
      const lines = (await readFile(path.join(dir, table.file), "utf8")).split("\n").filter(Boolean);
      expect([table.name, lines.length]).toEqual([table.name, table.rows]);
    }
    const count = (name: string) => manifest.tables.find((table) => table.name === name)!.rows;
    const dumped = async (name: string) =>
      (await readFile(path.join(dir, `tables/${name}.jsonl`), "utf8"))
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const storyIds = new Set((await dumped("articles")).map((row) => row.id));
    const busyStories = (await dumped("articles")).filter((row) => String(row.title).startsWith("Busy "));
    const busyComments = (await dumped("comments")).filter((row) => String(row.text).startsWith("On busy "));
    // Every comment's story is in the snapshot; at most the last story is there before its comment.
    for (const comment of busyComments) expect(storyIds.has(comment.article_id)).toBe(true);
    expect(busyStories.length - busyComments.length).toBeGreaterThanOrEqual(0);
    expect(busyStories.length - busyComments.length).toBeLessThanOrEqual(1);
    expect(busyStories.length).toBeGreaterThanOrEqual(20);
    expect(busyStories.length).toBeLessThan(written);

    store = { store: localMediaStore(await folder("media-busy-restored")) };
    const restored = await emptyDatabase("pglite");
    await restoreBackup(restored, dir, { media: store });
    const [{ n }] = (await rowsOf<{ n: number }>(
      restored.db,
      sql`SELECT count(*)::int AS n FROM comments`,
    )) as [{ n: number }];
    expect(n).toBe(count("comments"));
    expect(await restored.db.select().from(users)).toHaveLength(count("users"));
  }, 120_000);
});

async function copyFolder(from: string, to: string) {
  const { cp } = await import("node:fs/promises");
  await cp(from, to, { recursive: true });
}
