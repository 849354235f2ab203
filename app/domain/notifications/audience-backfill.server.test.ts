/**
 * Migration 0007 gives the notifications stored before it the audience their link allows (as
 * audienceForLink would), so a writer's first look after the upgrade already hides "new user" and
 * comment items; contact notifications move from the dashboard to the inbox.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { config } from "#app/config.server";
import { openDatabase } from "#app/db/client.server";
import { audienceForLink } from "./notifications.server";

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

test("older notifications get the audience of their link; contact ones lead to the inbox", async () => {
  const full = config().migrationsDir;
  const before = await mkdtemp(path.join(os.tmpdir(), "newsdesk-migrations-"));
  folders.push(before);
  await cp(full, before, { recursive: true });
  const journalPath = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => e.tag < "0007");
  await writeFile(journalPath, JSON.stringify(journal));

  const database = await openDatabase({ memory: true });
  try {
    await database.migrate(before);
    const links = [
      ["user", "New user: Ama (writer)", "/admin/users/edit/u1"],
      ["comment", "New comment", "/admin/comments"],
      ["other", "New contact message from Kofi: Floods", "/admin/dashboard"],
      ["article", '"Floods" by Wale was submitted for review.', "/admin/articles/edit/a1"],
      ["system", "Welcome", "/admin/dashboard"],
      ["other", "Category", "/admin/categories/edit/c1"],
      ["other", "Code", "/admin/code"],
    ];
    // Ids come from the application (no database default), so the test gives its own.
    for (const [i, [type, message, link]] of links.entries())
      await database.db.execute(
        sql`INSERT INTO notifications (id, type, message, link, read) VALUES (${`n${i}`}, ${type}, ${message}, ${link}, true)`,
      );
    await database.migrate(full);
    const result = await database.db.execute(sql`SELECT message, link, audience FROM notifications`);
    // Both drivers answer with `rows`; the union of their result types does not say so.
    const { rows } = result as unknown as {
      rows: Array<{ message: string; link: string; audience: string[] }>;
    };
    const byMessage = Object.fromEntries(rows.map((r) => [r.message, r]));
    expect(byMessage["New user: Ama (writer)"]?.audience).toEqual(audienceForLink("/admin/users/edit/u1"));
    expect(byMessage["New comment"]?.audience).toEqual(["admin", "editor"]);
    expect(byMessage["New contact message from Kofi: Floods"]).toMatchObject({
      link: "/admin/messages",
      audience: ["admin", "editor"],
    });
    expect(byMessage['"Floods" by Wale was submitted for review.']?.audience).toEqual(["admin", "editor"]);
    expect(byMessage["Welcome"]?.audience).toEqual(["admin", "editor", "writer"]);
    expect(byMessage["Category"]?.audience).toEqual(audienceForLink("/admin/categories/edit/c1"));
    expect(byMessage["Code"]?.audience).toEqual(audienceForLink("/admin/code"));
  } finally {
    await database.close();
  }
});
