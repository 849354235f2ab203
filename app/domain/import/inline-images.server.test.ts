/**
 * The old app's inline data-URL images, imported for real: PNG and JPEG bytes made by sharp, stored by
 * the media library's upload in a temporary media folder, on every test engine.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, contactMessages, media, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { listMedia } from "#app/domain/media/library.server";
import { MEDIA_TEXT } from "#app/domain/media/media-rules";
import { pageImages } from "#app/domain/media/public.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import { IMPORT_TEXT, importExport, importSummary } from "./import.server";
import { INLINE_IMAGE_TEXT } from "./inline-images.server";

/** A small real image: a solid colour with a band, so two calls with other colours differ in bytes. */
async function image(format: "png" | "jpeg", width: number, height: number, red: number): Promise<string> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: red, g: 120, b: 60 } },
  }).composite([
    {
      input: { create: { width, height: 20, channels: 3, background: { r: 250, g: 250, b: 250 } } },
      top: 10,
      left: 0,
    },
  ]);
  const made = format === "png" ? base.png() : base.jpeg();
  return (await made.toBuffer()).toString("base64");
}

const dataUrl = (mime: string, base64: string) => `data:${mime};base64,${base64}`;

describe.each(TEST_ENGINES)("inline images of an import on %s", (engine) => {
  let database: TestDatabase;
  let root: string;
  /** The imported images' store: the temporary folder, served by the app. */
  let store: MediaServices;
  let exportFile: Record<string, unknown>;
  let firstReport: Awaited<ReturnType<typeof importExport>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "newsdesk-import-images-"));
    store = { store: localMediaStore(root) };
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "Admin12345" });
    exportFile = {
      users: { "uid-ama": { email: "ama@example.com", displayName: "Ama Owusu", role: "writer" } },
      articles: [
        {
          id: "art-body",
          title: "Harbour photos",
          authorId: "uid-ama",
          // Base64 wrapped over lines, as some exports write it.
          content: `<p>Before</p><img alt="The harbour at dawn" src="${dataUrl("image/png", (await image("png", 900, 500, 10)).replace(/(.{76})/g, "$1\n"))}"><p>After</p>`,
        },
        {
          id: "art-featured",
          title: "Market day",
          content: "<p>Text</p>",
          imageUrl: dataUrl("image/jpeg", await image("jpeg", 1300, 700, 200)),
        },
        {
          id: "art-broken",
          title: "Broken pictures",
          authorId: "uid-ama",
          // A damaged data URL, then a GIF cut short (its type is right, sharp cannot read it).
          content: `<p>Kept</p><img src="data:image/png;base64,!!not-base64!!"><img src="data:image/gif;base64,R0lGODlh"><p>Also kept</p>`,
          // A byte past the 32 MB limit.
          imageUrl: `data:image/png;base64,${"A".repeat(Math.ceil(((32 * 1024 * 1024 + 3) * 4) / 3 / 4) * 4)}`,
        },
      ],
      media: [
        {
          id: "m-inline",
          name: "Cocoa farm",
          alt: "Cocoa pods drying",
          tags: ["farm", "cocoa"],
          uploadedBy: "ama@example.com",
          url: dataUrl("image/png", await image("png", 500, 400, 90)),
        },
        { id: "m-text", name: "Notes", url: dataUrl("text/plain", Buffer.from("hello").toString("base64")) },
      ],
    };
    firstReport = await importExport(database.db, store, exportFile);
  });
  afterAll(async () => {
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });

  const imported = () => database.db.select().from(media).where(isNotNull(media.contentHash));
  const article = async (id: string) =>
    one(await database.db.select().from(articles).where(eq(articles.id, id)));

  test("an image in a body becomes a media item with its copies, and the body shows its copy as the editor would", async () => {
    const body = await article("art-body");
    const item = one((await imported()).filter((row) => row.name === "Harbour photos"));
    expect(item).toMatchObject({
      type: "image",
      mimeType: "image/png",
      alt: "The harbour at dawn",
      width: 900,
      height: 500,
      uploadedById: "uid-ama",
      uploadedBy: "ama@example.com",
    });
    expect(item.variants.map((v) => [v.format, v.width])).toEqual([
      ["webp", 400],
      ["webp", 800],
      ["jpeg", 1200],
    ]);
    const files = await readdir(root);
    for (const key of [item.storageKey, ...item.variants.map((v) => v.key)]) expect(files).toContain(key);
    // The widest WebP copy, as the editor inserts a library image.
    const copy = item.variants.find((v) => v.width === 800)!;
    expect(body.content).toContain(`<p>Before</p><img alt="The harbour at dawn" src="${copy.url}"`);
    expect(body.content).toContain("<p>After</p>");
    expect(body.content).not.toContain("data:");
  });

  test("a featured data-URL image becomes the story's lead, which reader pages draw from its copies", async () => {
    const story = await article("art-featured");
    const item = one((await imported()).filter((row) => row.name === "Market day"));
    expect(story.imageUrl).toBe(item.url);
    expect(item.mimeType).toBe("image/jpeg");
    // No author in the record: the first admin, who runs the import, holds it.
    const admin = one(await database.db.select().from(users).where(eq(users.role, "admin")));
    expect(item.uploadedById).toBe(admin.id);
    const page = await pageImages(database.db, [story.imageUrl], {
      small: false,
      lead: story.imageUrl,
      media: store,
    });
    expect(page.images[story.imageUrl]?.srcSet).toContain("-1200.webp 1200w");
    expect(page.share).toMatchObject({ width: 1200, height: 630 });
    expect(page.share?.url).toMatch(/-share\.jpg$/);
  });

  test("a media record stored as a data URL becomes a library item with its details and uploader", async () => {
    const item = one((await imported()).filter((row) => row.name === "Cocoa farm"));
    expect(item).toMatchObject({
      alt: "Cocoa pods drying",
      tags: ["farm", "cocoa"],
      uploadedById: "uid-ama",
    });
    expect(item.variants.length).toBeGreaterThan(1);
    expect(firstReport.media).toBe(1);
    // The library lists the imported items under their owners' names.
    const library = await listMedia(database.db, {});
    const shown = Object.fromEntries(library.items.map((row) => [row.name, row.uploadedBy]));
    expect(shown).toMatchObject({
      "Harbour photos": "Ama Owusu",
      "Cocoa farm": "Ama Owusu",
      "Market day": "Administrator",
    });
  });

  test("an image that fails the upload's checks is listed with its reason and the rest of the story imports", async () => {
    const story = await article("art-broken");
    expect(story.content).toBe("<p>Kept</p><p>Also kept</p>");
    expect(story.imageUrl).toBe("");
    expect(firstReport.articles).toBe(3);
    expect(firstReport.skipped).toEqual([
      {
        collection: "articles",
        record: "art-broken",
        reason: IMPORT_TEXT.imageLeftOut(IMPORT_TEXT.bodyImage(1), INLINE_IMAGE_TEXT.brokenBase64),
      },
      {
        collection: "articles",
        record: "art-broken",
        reason: IMPORT_TEXT.imageLeftOut(
          IMPORT_TEXT.bodyImage(2),
          "The image could not be read. Please upload a valid image file.",
        ),
      },
      {
        collection: "articles",
        record: "art-broken",
        reason: IMPORT_TEXT.imageLeftOut(IMPORT_TEXT.featuredImage, MEDIA_TEXT.tooLarge),
      },
      { collection: "media", record: "m-text", reason: INLINE_IMAGE_TEXT.notAnImage },
    ]);
    expect(importSummary(firstReport)).toContain(
      `  articles art-broken: featured image left out: ${MEDIA_TEXT.tooLarge}`,
    );
    // Nothing half-written: the folder holds exactly the files of the three items made.
    const keys = (await imported()).flatMap((row) => [row.storageKey, ...row.variants.map((v) => v.key)]);
    expect(keys).toHaveLength(12);
    expect((await readdir(root)).sort()).toEqual(keys.sort());
  });

  test("importing the same export again stores no image twice and leaves the bodies as they were", async () => {
    const before = await imported();
    const bodies = await database.db
      .select({ id: articles.id, content: articles.content, imageUrl: articles.imageUrl })
      .from(articles);
    const files = (await readdir(root)).sort();
    const again = await importExport(database.db, store, exportFile);
    expect(again.skipped).toEqual(firstReport.skipped);
    expect(again.media).toBe(1);
    expect((await imported()).map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(
      await database.db
        .select({ id: articles.id, content: articles.content, imageUrl: articles.imageUrl })
        .from(articles),
    ).toEqual(expect.arrayContaining(bodies));
    expect((await readdir(root)).sort()).toEqual(files);
  });

  test("an import that fails part-way keeps none of its images: no row and no file", async () => {
    const files = (await readdir(root)).sort();
    const failing = {
      articles: [
        {
          id: "art-rolled-back",
          title: "Never kept",
          content: `<img src="${dataUrl("image/png", await image("png", 640, 480, 160))}">`,
        },
      ],
      // PostgreSQL refuses a NUL character in text: the contact message fails after the image was stored.
      contactMessages: [{ id: "cm-nul", email: "kofi@example.com", message: "Hello\u0000" }],
    };
    await expect(importExport(database.db, store, failing)).rejects.toThrow();
    expect(await database.db.select().from(articles).where(eq(articles.id, "art-rolled-back"))).toEqual([]);
    expect(await database.db.select().from(contactMessages).where(eq(contactMessages.id, "cm-nul"))).toEqual(
      [],
    );
    expect(await imported()).toHaveLength(3);
    expect((await readdir(root)).sort()).toEqual(files);
  });
});
