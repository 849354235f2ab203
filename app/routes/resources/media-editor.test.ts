/**
 * The editor's media endpoints called as routes: the upload answers JSON with the spec's texts (a PNG
 * renamed .jpg is 'Invalid File Type', signed out is 401 'Authentication Required', never a redirect),
 * keeps alt text, caption and credit, and stores the WebP copies; the picker lists active images with a
 * thumbnail copy, searched and in pages; the media item view saves its details, per role. Files live in
 * a temporary folder.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Services } from "#app/services.server";
import { testServices } from "#test-support/services";
import { media } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { EDITOR_IMAGE_TEXT, type PickerImage } from "#app/domain/media/editor-image-rules";
import { MEDIA_TEXT } from "#app/domain/media/media-rules";
import { pageImages } from "#app/domain/media/public.server";
import { setUserStatus } from "#app/domain/users/users.server";
import * as itemRoute from "#app/routes/admin/media.item";
import {
  routeArgs,
  BASE,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";
import * as pickerRoute from "./media-picker";
import * as uploadRoute from "./media-upload";

/** The suite's services (its media in a temporary folder), built once its database is. */
let services: Services;
/** Route arguments over the suite's services. */
const args = <T>(request: Request, params: Record<string, string> = {}) =>
  routeArgs(request, params, services) as unknown as T;

type UploadArgs = Parameters<typeof uploadRoute.action>[0];
type PickerArgs = Parameters<typeof pickerRoute.loader>[0];
type ItemLoaderArgs = Parameters<typeof itemRoute.loader>[0];
type ItemActionArgs = Parameters<typeof itemRoute.action>[0];

const image = (format: "png" | "jpeg", width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#1e3a8a" } })
    .toFormat(format)
    .toBuffer();

function uploadRequest(file: File | null, fields: Record<string, string> = {}, cookie?: string) {
  const body = new FormData();
  if (file) body.set("file", file);
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return new Request(`${BASE}/admin/media/upload`, {
    method: "POST",
    body,
    headers: cookie ? { Cookie: cookie } : {},
  });
}

/** The endpoint's answer, returned or thrown (the guard throws its JSON refusals). */
const answered = (run: () => Promise<unknown>) =>
  run().then(
    (value) => value as Response,
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    },
  );

async function upload(file: File | null, fields: Record<string, string> = {}, cookie?: string) {
  const response = await answered(() =>
    uploadRoute.action(args<UploadArgs>(uploadRequest(file, fields, cookie))),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(TEST_ENGINES)("media in the editor on %s", (engine) => {
  let database: TestDatabase;
  let root: string;
  const cookies = { admin: "", editor: "", writer: "", disabled: "" };
  const ids = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "newsdesk-media-editor-"));
    database = await createTestDatabase(engine);
    services = testServices(database.db, { media: root });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`editor-media-${role}@example.com`, role);
      ids[role] = user.id;
      cookies[role] = await sessionCookieFor(user.id);
    }
    const disabled = await makeUser("editor-media-off@example.com", "writer");
    cookies.disabled = await sessionCookieFor(disabled.id);
    const admin = { id: ids.admin, name: "admin", email: "editor-media-admin@example.com" };
    await setUserStatus(database.db, admin, disabled.id, "inactive");
  });
  afterAll(async () => {
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(media);
  });

  const jpegFile = async (name = "Harbour at dawn.jpg") =>
    new File([new Uint8Array(await image("jpeg"))], name, { type: "image/jpeg" });

  test.each(["admin", "editor", "writer"] as const)(
    "a %s's upload is stored with its alt text, caption, credit and WebP copies, and answered as JSON",
    async (role) => {
      const result = await upload(
        await jpegFile(),
        { alt: "Boats at dawn", caption: "Fishing boats in Jamestown", credit: "Photo: Ama Mensah" },
        cookies[role],
      );
      expect(result.status).toBe(200);
      const answered = (result.body as { ok: true; image: PickerImage }).image;
      expect(result.body.ok).toBe(true);
      expect(answered).toMatchObject({
        name: "Harbour at dawn",
        alt: "Boats at dawn",
        caption: "Fishing boats in Jamestown",
        credit: "Photo: Ama Mensah",
      });
      expect(answered.url).toMatch(/^\/media\/[0-9a-f]{24}\.jpg$/);
      expect(answered.thumbUrl).toMatch(/-400\.webp$/);
      expect(answered.bodyUrl).toMatch(/\.webp$/);
      const [row] = await database.db.select().from(media).where(eq(media.id, answered.id));
      expect(row).toMatchObject({ caption: "Fishing boats in Jamestown", credit: "Photo: Ama Mensah" });
      expect(row?.uploadedById).toBe(ids[role]);
    },
  );

  test("signed out: 401 'Authentication Required' in JSON (not the sign-in redirect), nothing stored", async () => {
    const result = await upload(await jpegFile());
    expect(result).toEqual({
      status: 401,
      body: {
        ok: false,
        code: "signed_out",
        title: "Authentication Required",
        message: "Please log in again to upload images.",
      },
    });
    expect(await database.db.select().from(media)).toHaveLength(0);
  });

  test("a disabled account is refused (403), nothing stored", async () => {
    const result = await upload(await jpegFile(), {}, cookies.disabled);
    expect(result.status).toBe(403);
    expect(await database.db.select().from(media)).toHaveLength(0);
  });

  test("a PNG renamed .jpg is 'Invalid File Type' with the spec's text, nothing stored", async () => {
    const renamed = new File([new Uint8Array(await image("png"))], "photo.jpg", { type: "image/jpeg" });
    const result = await upload(renamed, {}, cookies.editor);
    expect(result).toEqual({
      status: 400,
      body: {
        ok: false,
        title: "Invalid File Type",
        message: "Please select an image file (JPEG, PNG, GIF, etc.)",
      },
    });
    expect(await database.db.select().from(media)).toHaveLength(0);
  });

  test("text or a PDF named like an image, and an SVG, are 'Invalid File Type'", async () => {
    const files = [
      new File(["hello"], "note.png", { type: "image/png" }),
      new File(["%PDF-1.4\n"], "scan.jpg", { type: "image/jpeg" }),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" }),
    ];
    for (const file of files) {
      const result = await upload(file, {}, cookies.editor);
      expect(result.status, file.name).toBe(400);
      expect(result.body.title, file.name).toBe(EDITOR_IMAGE_TEXT.invalidTypeTitle);
    }
    expect(await database.db.select().from(media)).toHaveLength(0);
  });

  test("a file over 32 MB is 'File Too Large' (413) with the spec's text", async () => {
    const big = new Uint8Array(32 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const result = await upload(new File([big], "huge.jpg", { type: "image/jpeg" }), {}, cookies.editor);
    expect(result).toEqual({
      status: 413,
      body: {
        ok: false,
        title: "File Too Large",
        message: "Image size must be less than 32MB. Please select a smaller image or compress it.",
      },
    });
  });

  test("an image that cannot be decoded is 'Upload Failed' with 'Upload failed. Error: {message}'", async () => {
    const broken = new Uint8Array(2000);
    broken.set([0xff, 0xd8, 0xff, 0xe0]);
    const result = await upload(new File([broken], "broken.jpg", { type: "image/jpeg" }), {}, cookies.editor);
    expect(result.status).toBe(400);
    expect(result.body.title).toBe("Upload Failed");
    expect(String(result.body.message)).toMatch(/^Upload failed\. Error: .+/);
  });

  test("no file is 'Invalid File Type'; a caption over 500 characters is refused", async () => {
    expect((await upload(null, {}, cookies.editor)).body.title).toBe("Invalid File Type");
    const long = await upload(await jpegFile(), { caption: "x".repeat(501) }, cookies.editor);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(EDITOR_IMAGE_TEXT.captionTooLong);
    expect(await database.db.select().from(media)).toHaveLength(0);
  });

  describe("the picker", () => {
    async function pick(query: string, cookie?: string) {
      const response = await answered(() =>
        pickerRoute.loader(args<PickerArgs>(getRequest(`/admin/media/picker${query}`, cookie))),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    test("lists active images only, newest first, with thumbnails; searched by name; in pages of 12", async () => {
      for (const name of ["Harbour.jpg", "Market.jpg"])
        await upload(await jpegFile(name), {}, cookies.writer);
      await database.db.insert(media).values([
        { name: "Notes", type: "document", url: "https://example.com/notes.pdf", uploadedBy: "x" },
        {
          name: "Old photo",
          type: "image",
          status: "inactive",
          url: "https://example.com/o.jpg",
          uploadedBy: "x",
        },
      ]);
      for (const role of ["admin", "editor", "writer"] as const) {
        const { status, body } = await pick("", cookies[role]);
        expect(status).toBe(200);
        const items = body.items as PickerImage[];
        expect(items.map((i) => i.name)).toEqual(["Market", "Harbour"]);
        expect(items[0]?.thumbUrl).toMatch(/-400\.webp$/);
      }
      const searched = await pick("?q=harb", cookies.writer);
      expect((searched.body.items as PickerImage[]).map((i) => i.name)).toEqual(["Harbour"]);

      await database.db.insert(media).values(
        Array.from({ length: 12 }, (_, i) => ({
          name: `Remote ${i}`,
          type: "image" as const,
          url: `https://example.com/${i}.jpg`,
          uploadedBy: "x",
        })),
      );
      const second = await pick("?page=2", cookies.editor);
      expect(second.body).toMatchObject({ page: 2, pageCount: 2, total: 14 });
      expect(second.body.items as unknown[]).toHaveLength(2);
    });

    test("signed out is 401 in JSON", async () => {
      expect((await pick("", undefined)).status).toBe(401);
    });
  });

  describe("the item view", () => {
    const details = {
      name: "Harbour",
      alt: "Boats",
      caption: "Boats at Jamestown",
      credit: "Ama Mensah",
      tags: "coast, boats",
    };
    const uploaded = async (role: "writer" | "editor") =>
      (
        (await upload(await jpegFile(), { caption: "First" }, cookies[role])).body as {
          image: PickerImage;
        }
      ).image;
    const save = (id: string, fields: Record<string, string>, cookie?: string) =>
      outcome(() =>
        itemRoute.action(args<ItemActionArgs>(postRequest(`/admin/media/${id}`, fields, cookie), { id })),
      );

    test("an editor saves name, alt text, caption, credit and tags; the article page's lookup shows them", async () => {
      const item = await uploaded("writer");
      const result = await save(item.id, details, cookies.editor);
      expect(result).toMatchObject({ status: 302, location: `/admin/media/${item.id}` });
      expect((await toastOf(result.setCookie))?.title).toBe(EDITOR_IMAGE_TEXT.saved);
      const [row] = await database.db.select().from(media).where(eq(media.id, item.id));
      expect(row).toMatchObject({ ...details, tags: ["coast", "boats"] });

      const lead = `https://news.example.com${item.url}`;
      const page = await pageImages(database.db, [], { small: false, lead, media: services.media });
      expect(page.lead).toEqual({ alt: "Boats", caption: "Boats at Jamestown", credit: "Ama Mensah" });
    });

    test("a writer changes their own upload but not another's (403, unchanged)", async () => {
      const own = await uploaded("writer");
      expect((await save(own.id, details, cookies.writer)).status).toBe(302);
      const others = await uploaded("editor");
      const refused = await save(others.id, details, cookies.writer);
      expect(refused.status).toBe(403);
      const [row] = await database.db.select().from(media).where(eq(media.id, others.id));
      expect(row?.caption).toBe("First");
    });

    test("an empty name is refused with the spec's text and what was typed comes back", async () => {
      const item = await uploaded("editor");
      const result = await save(item.id, { ...details, name: " " }, cookies.editor);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        fieldErrors: { name: MEDIA_TEXT.nameRequired },
        values: { caption: "Boats at Jamestown", credit: "Ama Mensah" },
      });
      const [row] = await database.db.select().from(media).where(eq(media.id, item.id));
      expect(row?.caption).toBe("First");
    });

    test("signed out is sent to sign in; a missing item is 404", async () => {
      const item = await uploaded("editor");
      expect(await save(item.id, details)).toMatchObject({ status: 302, location: "/admin/login" });
      const missing = await outcome(() =>
        itemRoute.loader(
          args<ItemLoaderArgs>(getRequest("/admin/media/nope", cookies.editor), { id: "nope" }),
        ),
      );
      expect(missing.status).toBe(404);
    });
  });
});
