/**
 * drizzle/0021: photos stored with the host the site had when they were chosen
 * (`http://localhost:3000/media/<key>` before PUBLIC_URL was set) are stored by their path, so the
 * JSON-LD and the newsletters carry the site's address after a move. Another site's photo, and one
 * under a CDN (MEDIA_PUBLIC_URL), stay absolute.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testDatabaseBefore, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";

const MIGRATION = "0021_site_relative_media_urls";

const OURS = "0123456789abcdef01234567";
const ON_CDN = "fedcba9876543210fedcba98";
const NOT_OURS = "aaaaaaaaaaaaaaaaaaaaaaaa";

describe.each(TEST_ENGINES)("migration 0021 on %s", (engine) => {
  let database: TestDatabase;
  let older: string;
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = await database.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };

  beforeAll(async () => {
    ({ database, olderMigrations: older } = await testDatabaseBefore(engine, MIGRATION));
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(older, { recursive: true, force: true });
  });

  test("our uploads' addresses lose the old host everywhere they are stored; others' stay absolute", async () => {
    await database.db.execute(sql`
      INSERT INTO media (id, name, url, storage_key) VALUES
        ('m-ours', 'Harbour', ${`/media/${OURS}.jpg`}, ${`${OURS}.jpg`}),
        ('m-cdn', 'On the CDN', ${`https://cdn.example.net/media/${ON_CDN}.jpg`}, ${`${ON_CDN}.jpg`})`);
    await database.db.execute(sql`
      INSERT INTO users (id, email, name, role, avatar_url) VALUES
        ('u-1', 'ama@example.com', 'Ama', 'writer', ${`http://localhost:3000/media/${OURS}-400.webp`}),
        ('u-2', 'kofi@example.com', 'Kofi', 'writer', 'https://example.org/kofi.jpg')`);
    const body = [
      `<p>Dawn.</p><img src="http://localhost:3000/media/${OURS}-800.webp" alt="Boats">`,
      `<img src="https://other-news.example/media/${NOT_OURS}.jpg" alt="Theirs">`,
      `<img src="https://cdn.example.net/media/${ON_CDN}-800.webp" alt="CDN">`,
      `<a href="http://10.0.0.5:3000/media/${OURS}.jpg">full size</a>`,
    ].join("");
    await database.db.execute(sql`
      INSERT INTO articles (id, title, content, image_url, author_image) VALUES
        ('a-1', 'Harbour at dawn', ${body}, ${`http://localhost:3000/media/${OURS}.jpg`}, ''),
        ('a-2', 'Elsewhere', '<p>x</p>', ${`https://other-news.example/media/${NOT_OURS}.jpg`}, '')`);
    await database.db.execute(sql`
      INSERT INTO article_revisions (id, article_id, snapshot) VALUES
        ('r-1', 'a-1', ${JSON.stringify({ imageUrl: `http://localhost:3000/media/${OURS}.jpg`, content: body })}::jsonb)`);
    await database.db.execute(sql`
      INSERT INTO live_updates (id, article_id, content) VALUES ('l-1', 'a-1', ${body})`);
    const story = {
      articleId: "a-1",
      title: "Harbour at dawn",
      excerpt: "",
      url: "http://localhost:3000/article/harbour",
      image: { url: `http://localhost:3000/media/${OURS}.jpg`, width: 1000, height: 640, alt: "Boats" },
    };
    await database.db.execute(sql`
      INSERT INTO newsletter_issues (id, subject, stories) VALUES ('n-1', 'Morning', ${JSON.stringify([story])}::jsonb)`);

    await database.migrate();

    const relativeBody = [
      `<p>Dawn.</p><img src="/media/${OURS}-800.webp" alt="Boats">`,
      `<img src="https://other-news.example/media/${NOT_OURS}.jpg" alt="Theirs">`,
      `<img src="https://cdn.example.net/media/${ON_CDN}-800.webp" alt="CDN">`,
      `<a href="/media/${OURS}.jpg">full size</a>`,
    ].join("");
    expect(await rows(sql`SELECT id, image_url, content FROM articles ORDER BY id`)).toEqual([
      { id: "a-1", image_url: `/media/${OURS}.jpg`, content: relativeBody },
      { id: "a-2", image_url: `https://other-news.example/media/${NOT_OURS}.jpg`, content: "<p>x</p>" },
    ]);
    expect(await rows(sql`SELECT id, avatar_url FROM users ORDER BY id`)).toEqual([
      { id: "u-1", avatar_url: `/media/${OURS}-400.webp` },
      { id: "u-2", avatar_url: "https://example.org/kofi.jpg" },
    ]);
    const [revision] = await rows<{ snapshot: { imageUrl: string; content: string } }>(
      sql`SELECT snapshot FROM article_revisions`,
    );
    expect(revision!.snapshot).toEqual({ imageUrl: `/media/${OURS}.jpg`, content: relativeBody });
    expect(await rows(sql`SELECT content FROM live_updates`)).toEqual([{ content: relativeBody }]);
    const [issue] = await rows<{ stories: (typeof story)[] }>(sql`SELECT stories FROM newsletter_issues`);
    // The story's own link is not a photo: it stays as it was frozen.
    expect(issue!.stories).toEqual([{ ...story, image: { ...story.image, url: `/media/${OURS}.jpg` } }]);
    // The media items themselves are untouched; the migration's helper is gone.
    expect(await rows(sql`SELECT url FROM media ORDER BY id`)).toEqual([
      { url: `https://cdn.example.net/media/${ON_CDN}.jpg` },
      { url: `/media/${OURS}.jpg` },
    ]);
    expect(
      await rows(sql`SELECT proname FROM pg_proc WHERE proname = 'newsdesk_relative_media_0021'`),
    ).toEqual([]);
  });
});
