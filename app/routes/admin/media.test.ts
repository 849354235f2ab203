/**
 * The media library called as a route: uploads store the file and its WebP variants, a file whose
 * content does not match its name is refused, a writer may upload but not delete, and a signed-out
 * visitor is sent to sign in. Files live in a temporary folder.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Services } from "#app/services.server";
import { testServices } from "#test-support/services";
import { activityLog, media } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { MEDIA_TEXT } from "#app/domain/media/media-rules";
import { IMAGE_WORK } from "#app/domain/media/image-gate.server";
import { shareVariantOf } from "#app/domain/media/media-rules";
import { uploadMedia } from "#app/domain/media/upload.server";
import * as mediaItemRoute from "./media.item";
import * as mediaRoute from "./media";
import {
  BASE,
  routeArgs,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";
import { firstRow } from "#app/db/rows";

/** The suite's services (its media in a temporary folder), built once its database is. */
let services: Services;
/** Route arguments over the suite's services. */
const args = <T>(request: Request, params: Record<string, string> = {}) =>
  routeArgs(request, params, services) as unknown as T;

type ActionArgs = Parameters<typeof mediaRoute.action>[0];
type LoaderArgs = Parameters<typeof mediaRoute.loader>[0];

function uploadRequest(fields: Record<string, string>, file: File | null, cookie?: string) {
  const body = new FormData();
  body.set("intent", "upload");
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  if (file) body.set("file", file);
  return new Request(`${BASE}/admin/media`, {
    method: "POST",
    body,
    headers: cookie ? { Cookie: cookie } : {},
  });
}

/** Just a PNG's signature and header (IHDR): what the probe's 379 KB bomb declares, without its pixels. */
function pngHeader(width: number, height: number, interlaced: boolean): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  ihdr.writeUInt8(interlaced ? 1 : 0, 12);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1e3a8a" } })
    .png()
    .toBuffer();

describe("media library (routes)", () => {
  let database: TestDatabase;
  let root: string;
  const cookies = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "newsdesk-media-"));
    database = await createTestDatabase("pglite");
    services = testServices(database.db, { media: root });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`media-${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(media);
  });

  const rows = () => database.db.select().from(media);
  const files = async () => (await readdir(root)).sort();

  async function upload(role: keyof typeof cookies, name: string, file: File) {
    return outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(uploadRequest({ mode: "file", name, tags: "news, , accra" }, file, cookies[role])),
      ),
    );
  }

  test("an image upload creates the row, the original, WebP variants at 400/800/1200 and a 1200x630 JPEG share image", async () => {
    const file = new File([new Uint8Array(await png(1600, 900))], "Front Page.png", { type: "image/png" });
    const result = await upload("writer", "Front page", file);
    expect(result).toMatchObject({ status: 302, location: "/admin/media" });

    const row = firstRow(await rows());
    expect(row).toMatchObject({
      name: "Front page",
      type: "image",
      mimeType: "image/png",
      width: 1600,
      height: 900,
      status: "active",
      featured: false,
      tags: ["news", "accra"],
      uploadedBy: "media-writer@example.com",
      originalName: "Front Page.png",
      size: file.size,
    });
    expect(row.url).toBe(`/media/${row.storageKey}`);
    expect(row.url).not.toMatch(/^data:/);
    expect(row.variants.map((v) => [v.width, v.height, v.format])).toEqual([
      [400, 225, "webp"],
      [800, 450, "webp"],
      [1200, 675, "webp"],
      [1200, 630, "jpeg"],
    ]);
    const share = shareVariantOf(row.variants);
    expect(share).toMatchObject({ width: 1200, height: 630, key: expect.stringMatching(/-share\.jpg$/) });
    expect(await files()).toEqual([row.storageKey, ...row.variants.map((v) => v.key)].sort());
    const social = await sharp(path.join(root, share!.key)).metadata();
    expect([social.format, social.width, social.height]).toEqual(["jpeg", 1200, 630]);

    const [entry] = await database.db.select().from(activityLog).where(eq(activityLog.type, "media"));
    expect(entry).toMatchObject({ action: "uploaded media", title: "Front page" });
  });

  test("a small image is not upscaled: one variant at its own width, and the share image", async () => {
    const file = new File([new Uint8Array(await png(120, 80))], "icon.png");
    expect((await upload("editor", "Icon", file)).status).toBe(302);
    const row = firstRow(await rows());
    expect(row.variants.map((v) => [v.width, v.height])).toEqual([
      [120, 80],
      [1200, 630],
    ]);
  });

  test("a .png that is really text is refused and nothing is stored", async () => {
    const before = await files();
    const fake = new File(["just some text, not a picture"], "photo.png", { type: "image/png" });
    const result = await upload("admin", "Fake", fake);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      error: {
        title: MEDIA_TEXT.uploadFailed,
        message:
          "The file's content does not match its name: .png was expected to hold a PNG image, but it holds plain text.",
        field: "file",
      },
      values: { name: "Fake" },
    });
    expect(await rows()).toEqual([]);
    expect(await files()).toEqual(before);
  });

  test("the spec's validation texts", async () => {
    const noName = await outcome(() =>
      mediaRoute.action(args<ActionArgs>(uploadRequest({ mode: "file", name: " " }, null, cookies.admin))),
    );
    expect(noName.body).toMatchObject({
      error: { title: "Validation Error", message: "Please enter a name for the media." },
    });
    const noFile = await outcome(() =>
      mediaRoute.action(args<ActionArgs>(uploadRequest({ mode: "file", name: "x" }, null, cookies.admin))),
    );
    expect(noFile.body).toMatchObject({
      error: { title: "Validation Error", message: "Please select a file to upload." },
    });
    const noUrl = await outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(uploadRequest({ mode: "url", name: "x", url: "" }, null, cookies.admin)),
      ),
    );
    expect(noUrl.body).toMatchObject({
      error: { title: "Validation Error", message: "Please enter a URL for the media." },
    });
    await expect(uploadMedia(database.db, services.media, null, { name: "x" })).rejects.toMatchObject({
      title: "Authentication Error",
      message: "You must be logged in to upload media.",
      code: "unauthenticated",
    });
    expect(await rows()).toEqual([]);
  });

  test("URL mode stores the URL and the type from its extension", async () => {
    const result = await outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(
          uploadRequest(
            { mode: "url", name: "Clip", url: "https://cdn.example.com/v/clip.mp4" },
            null,
            cookies.writer,
          ),
        ),
      ),
    );
    expect(result.status).toBe(302);
    const [row] = await rows();
    expect(row).toMatchObject({ url: "https://cdn.example.com/v/clip.mp4", type: "video", storageKey: "" });
  });

  test("writer: delete and changes to others' media get 403 and nothing changes; their own can be deactivated and featured", async () => {
    await upload("admin", "Keep me", new File([new Uint8Array(await png(500, 300))], "keep.png"));
    const row = firstRow(await rows());
    const before = await files();
    const refused: Array<Record<string, string | string[]>> = [
      { intent: "bulk", bulkAction: "delete", ids: [row.id] },
      { intent: "delete", id: row.id },
      { intent: "bulk", bulkAction: "deactivate", ids: [row.id] },
      { intent: "featured", id: row.id },
    ];
    for (const fields of refused) {
      const result = await outcome(() =>
        mediaRoute.action(args<ActionArgs>(postRequest("/admin/media", fields, cookies.writer))),
      );
      expect(result.status).toBe(403);
      expect(result.body).toMatchObject({ title: "Access Denied" });
    }
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "active", featured: false });
    expect(await files()).toEqual(before);

    const loaded = await outcome(() =>
      mediaRoute.loader(args<LoaderArgs>(getRequest("/admin/media", cookies.writer))),
    );
    expect(loaded.body).toMatchObject({ canDelete: false, canUpload: true, total: 1 });

    await upload("writer", "Mine", new File([new Uint8Array(await png(500, 300))], "mine.png"));
    const mine = (await rows()).find((r) => r.name === "Mine");
    if (!mine) throw new Error("the writer's upload is missing");

    const deactivate = await outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(
          postRequest(
            "/admin/media",
            { intent: "bulk", bulkAction: "deactivate", ids: [mine.id] },
            cookies.writer,
          ),
        ),
      ),
    );
    expect(deactivate.status).toBe(302);
    const feature = await outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(postRequest("/admin/media", { intent: "featured", id: mine.id }, cookies.writer)),
      ),
    );
    expect(feature.status).toBe(302);
    expect((await rows()).find((r) => r.id === mine.id)).toMatchObject({
      status: "inactive",
      featured: true,
    });
  });

  test("bulk actions need a chosen action and at least one selection", async () => {
    const incomplete: Array<Record<string, string | string[]>> = [
      { intent: "bulk", bulkAction: "", ids: ["x"] },
      { intent: "bulk", bulkAction: "activate" },
    ];
    for (const fields of incomplete) {
      const result = await outcome(() =>
        mediaRoute.action(args<ActionArgs>(postRequest("/admin/media", fields, cookies.admin))),
      );
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        error: { title: MEDIA_TEXT.bulkFailed, message: MEDIA_TEXT.bulkNeedsChoice },
      });
    }
  });

  test("editor: delete asks first, then removes the row and every file", async () => {
    await upload("writer", "Gone", new File([new Uint8Array(await png(900, 600))], "gone.png"));
    await upload("writer", "Also gone", new File([new Uint8Array(await png(300, 200))], "also.png"));
    const all = await rows();
    const [first, second] = all;
    if (!first || !second) throw new Error(`expected two uploads, got ${all.length}`);
    const ownFiles = all.flatMap((r) => [r.storageKey, ...r.variants.map((v) => v.key)]);
    expect(ownFiles.every((key) => existsSync(path.join(root, key)))).toBe(true);
    // Without the dialog's answer (no JavaScript) the server asks the question and deletes nothing.
    const questions: Array<[Record<string, string | string[]>, string[]]> = [
      [{ intent: "delete", id: first.id }, [first.id]],
      [{ intent: "bulk", bulkAction: "delete", ids: [first.id, second.id] }, [first.id, second.id]],
    ];
    for (const [fields, ids] of questions) {
      const asked = await outcome(() =>
        mediaRoute.action(args<ActionArgs>(postRequest("/admin/media", fields, cookies.editor))),
      );
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ confirmDelete: { ids } });
    }
    expect(await rows()).toHaveLength(2);
    const single = await outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(
          postRequest("/admin/media", { intent: "delete", id: first.id, confirmed: "yes" }, cookies.editor),
        ),
      ),
    );
    expect(single.status).toBe(302);
    expect(existsSync(path.join(root, first.storageKey))).toBe(false);
    const bulk = await outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(
          postRequest(
            "/admin/media",
            { intent: "bulk", bulkAction: "delete", ids: [second.id], confirmed: "yes" },
            cookies.editor,
          ),
        ),
      ),
    );
    expect(bulk.status).toBe(302);
    expect(await rows()).toEqual([]);
    expect(ownFiles.some((key) => existsSync(path.join(root, key)))).toBe(false);
  });

  test("listing: filters, sort and pages come from the URL", async () => {
    await upload("admin", "Bravo", new File([new Uint8Array(await png(50, 50))], "b.png"));
    await upload("admin", "alpha", new File([new Uint8Array(await png(800, 800))], "a.png"));
    await outcome(() =>
      mediaRoute.action(
        args<ActionArgs>(
          uploadRequest({ mode: "url", name: "Doc", url: "https://example.com/r.pdf" }, null, cookies.admin),
        ),
      ),
    );
    const load = async (query: string) =>
      (
        await outcome(() =>
          mediaRoute.loader(args<LoaderArgs>(getRequest(`/admin/media${query}`, cookies.admin))),
        )
      ).body as {
        items: Array<{ name: string }>;
        filter: { view: string; sort: string; order: string };
        total: number;
      };
    const byDefault = await load("");
    expect(byDefault.filter).toMatchObject({ view: "grid", sort: "date", order: "desc" });
    expect(byDefault.items.map((i) => i.name)).toEqual(["Doc", "alpha", "Bravo"]);
    expect((await load("?sort=name&order=asc")).items.map((i) => i.name)).toEqual(["alpha", "Bravo", "Doc"]);
    expect((await load("?sort=size")).items[0]?.name).toBe("alpha");
    expect((await load("?type=document")).items.map((i) => i.name)).toEqual(["Doc"]);
    expect((await load("?view=list&status=inactive")).total).toBe(0);
    expect((await load("?view=list")).filter.view).toBe("list");
  });

  test("only admins see uploaders' e-mail addresses; writers and editors see names (list and item page)", async () => {
    await upload("admin", "Admin photo", new File([new Uint8Array(await png(50, 50))], "a.png"));
    await upload("editor", "Editor photo", new File([new Uint8Array(await png(50, 50))], "e.png"));
    const listFor = async (role: keyof typeof cookies) => {
      const loaded = await outcome(() =>
        mediaRoute.loader(args<LoaderArgs>(getRequest("/admin/media", cookies[role]))),
      );
      return JSON.stringify(loaded.body);
    };
    const admin = await listFor("admin");
    expect(admin).toContain("media-editor@example.com");
    for (const role of ["writer", "editor"] as const) {
      const seen = await listFor(role);
      expect(seen, role).not.toMatch(/media-(admin|editor|writer)@example\.com/);
      expect(seen, role).toContain('"uploadedBy":"media-admin"');
    }
    const [item] = await rows();
    const page = await outcome(() =>
      mediaItemRoute.loader(
        args<Parameters<typeof mediaItemRoute.loader>[0]>(
          getRequest(`/admin/media/${item!.id}`, cookies.writer),
          {
            id: item!.id,
          },
        ),
      ),
    );
    expect(JSON.stringify(page.body)).not.toMatch(/@example\.com/);
  });

  test("image bombs are refused from their header, at once, and nothing is stored", async () => {
    const cases: Array<[number, number, boolean, string]> = [
      [10_000, 10_000, true, MEDIA_TEXT.tooManyPixels],
      [8_000, 7_000, false, MEDIA_TEXT.tooManyPixels],
      [4_000, 3_000, true, MEDIA_TEXT.interlacedTooLarge],
    ];
    const filesBefore = await files();
    for (const [width, height, interlaced, message] of cases) {
      const started = Date.now();
      const result = await upload(
        "admin",
        "Bomb",
        new File([new Uint8Array(pngHeader(width, height, interlaced))], "bomb.png"),
      );
      expect(Date.now() - started, `${width}x${height}`).toBeLessThan(2000);
      expect(result.status, `${width}x${height}`).toBe(400);
      expect(JSON.stringify(result.body)).toContain(message);
    }
    expect(await rows()).toEqual([]);
    expect(await files()).toEqual(filesBefore);
  });

  test("uploads arriving together are processed one at a time", async () => {
    IMAGE_WORK.peak = 0;
    const image = new Uint8Array(await png(1600, 900));
    const results = await Promise.all(
      ["One", "Two", "Three"].map((name) => upload("editor", name, new File([image], `${name}.png`))),
    );
    expect(results.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(IMAGE_WORK.peak).toBe(1);
    expect(await rows()).toHaveLength(3);
  });

  test("signed out: the loader and every action redirect to sign in", async () => {
    expect(
      await outcome(() => mediaRoute.loader(args<LoaderArgs>(getRequest("/admin/media")))),
    ).toMatchObject({
      status: 302,
      location: "/admin/login",
    });
    const file = new File([new Uint8Array(await png(10, 10))], "x.png");
    expect(
      await outcome(() =>
        mediaRoute.action(args<ActionArgs>(uploadRequest({ mode: "file", name: "x" }, file))),
      ),
    ).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await rows()).toEqual([]);
  });
});
