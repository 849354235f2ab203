import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { media } from "#app/db/schema";
import { siteRelativeMediaUrls } from "./stored-urls.server";
import { localMediaStore } from "./storage-local.server";

const OURS = "0123456789abcdef01234567";
const ON_CDN = "fedcba9876543210fedcba98";
const NOT_OURS = "aaaaaaaaaaaaaaaaaaaaaaaa";
/** The app serves its uploads (no MEDIA_PUBLIC_URL); where the store is does not matter here. */
const SERVED_BY_APP = { store: localMediaStore("/tmp/unused-media") };

describe.each(TEST_ENGINES)("stored photo addresses on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(media).values([
      { name: "Harbour", url: `/media/${OURS}.jpg`, storageKey: `${OURS}.jpg` },
      { name: "On the CDN", url: `https://cdn.example.net/media/${ON_CDN}.jpg`, storageKey: `${ON_CDN}.jpg` },
    ]);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("our uploads are kept by their path, whatever host they were written with", async () => {
    expect(
      await siteRelativeMediaUrls(database.db, SERVED_BY_APP, [
        `http://localhost:3000/media/${OURS}.jpg`,
        `https://old-name.example:8443/media/${OURS}-800.webp`,
        `/media/${OURS}.jpg`,
        "",
      ] as const),
    ).toEqual([`/media/${OURS}.jpg`, `/media/${OURS}-800.webp`, `/media/${OURS}.jpg`, ""]);
  });

  test("in a story's body, only our uploads' addresses change", async () => {
    const [body] = await siteRelativeMediaUrls(database.db, SERVED_BY_APP, [
      `<img src="http://localhost:3000/media/${OURS}-800.webp" alt="Boats">` +
        `<img src="https://other-news.example/media/${NOT_OURS}.jpg">` +
        `<img src="https://cdn.example.net/media/${ON_CDN}-800.webp">` +
        `<a href="http://localhost:3000/media/${OURS}.jpg.html">not a photo</a>`,
    ] as const);
    expect(body).toBe(
      `<img src="/media/${OURS}-800.webp" alt="Boats">` +
        `<img src="https://other-news.example/media/${NOT_OURS}.jpg">` +
        `<img src="https://cdn.example.net/media/${ON_CDN}-800.webp">` +
        `<a href="http://localhost:3000/media/${OURS}.jpg.html">not a photo</a>`,
    );
  });

  test("an address under MEDIA_PUBLIC_URL is genuinely elsewhere and stays absolute", async () => {
    const onCdn = { store: localMediaStore("/tmp/unused-media"), publicBase: "https://localhost:3000/media" };
    const url = `https://localhost:3000/media/${OURS}.jpg`;
    expect(await siteRelativeMediaUrls(database.db, onCdn, [url] as const)).toEqual([url]);
  });
});
