import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#app/db/testing.server";
import { media } from "#app/db/schema";
import { setMediaStore } from "./storage.server";
import { siteRelativeMediaUrls } from "./stored-urls.server";
import { localMediaStore } from "./storage-local.server";

const OURS = "0123456789abcdef01234567";
const ON_CDN = "fedcba9876543210fedcba98";
const NOT_OURS = "aaaaaaaaaaaaaaaaaaaaaaaa";

describe.each(TEST_ENGINES)("stored photo addresses on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(media).values([
      { name: "Harbour", url: `/media/${OURS}.jpg`, storageKey: `${OURS}.jpg` },
      { name: "On the CDN", url: `https://cdn.example.net/media/${ON_CDN}.jpg`, storageKey: `${ON_CDN}.jpg` },
    ]);
  });
  afterEach(() => setMediaStore(undefined));
  afterAll(async () => {
    await database.destroy();
  });

  test("our uploads are kept by their path, whatever host they were written with", async () => {
    expect(
      await siteRelativeMediaUrls(database.db, [
        `http://localhost:3000/media/${OURS}.jpg`,
        `https://old-name.example:8443/media/${OURS}-800.webp`,
        `/media/${OURS}.jpg`,
        "",
      ] as const),
    ).toEqual([`/media/${OURS}.jpg`, `/media/${OURS}-800.webp`, `/media/${OURS}.jpg`, ""]);
  });

  test("in a story's body, only our uploads' addresses change", async () => {
    const [body] = await siteRelativeMediaUrls(database.db, [
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
    setMediaStore(localMediaStore("/tmp/unused-media"), { publicUrl: "https://localhost:3000/media" });
    const url = `https://localhost:3000/media/${OURS}.jpg`;
    expect(await siteRelativeMediaUrls(database.db, [url] as const)).toEqual([url]);
  });
});
