/**
 * The upload causes the media screen names: after the 'Upload Failed' title, 'Upload
 * failed. ' and 'Storage quota exceeded.' when the disk or the quota is full, and 'Authentication
 * required. Please log in again.' when the server answers 401 to an image for the body. A full disk
 * cannot be produced in a test, so the store's writes fail as the file system's do (ENOSPC, EDQUOT).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import { testServices } from "#test-support/services";
import { media } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { EDITOR_IMAGE_TEXT, uploadProblem } from "#app/domain/media/editor-image-rules";
import * as uploadRoute from "#app/routes/resources/media-upload";
import * as mediaRoute from "./media";
import { routeArgs, BASE, makeUser, outcome, sessionCookieFor } from "#test-support/route-calls";

type ActionArgs = Parameters<typeof mediaRoute.action>[0];
type UploadArgs = Parameters<typeof uploadRoute.action>[0];

const QUOTA_TEXT = { title: "Upload Failed", message: "Upload failed. Storage quota exceeded." };

const fileSystemError = (code: "ENOSPC" | "EDQUOT") =>
  Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: "write" });

function post(pathname: string, fields: Record<string, string>, file: File, cookie: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set("file", file);
  return new Request(`${BASE}${pathname}`, { method: "POST", body, headers: { Cookie: cookie } });
}

describe("upload failure causes", () => {
  let database: TestDatabase;
  let root: string;
  let cookie = "";

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "newsdesk-media-full-"));
    database = await createTestDatabase("pglite");
    cookie = await sessionCookieFor((await makeUser("full-disk@example.com", "editor")).id);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });

  /** The suite's folder, whose every write fails as the file system's does when the disk or quota is full. */
  const onFullDisk = (code: "ENOSPC" | "EDQUOT") => {
    const folder = localMediaStore(root);
    return testServices(database.db, {
      media: { ...folder, put: () => Promise.reject(fileSystemError(code)) },
    });
  };

  const png = async () =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123" } })
            .png()
            .toBuffer(),
        ),
      ],
      "chart.png",
      { type: "image/png" },
    );

  test.each(["ENOSPC", "EDQUOT"] as const)(
    "media library, %s: 'Upload Failed' / 'Upload failed. Storage quota exceeded.'; no row, no file",
    async (code) => {
      const request = post(
        "/admin/media",
        { intent: "upload", mode: "file", name: "Chart" },
        await png(),
        cookie,
      );
      const result = await outcome(() =>
        mediaRoute.action(routeArgs(request, {}, onFullDisk(code)) as unknown as ActionArgs),
      );
      expect(result.body).toMatchObject({ error: QUOTA_TEXT });
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(await database.db.select().from(media)).toEqual([]);
      expect(await readdir(root)).toEqual([]);
    },
  );

  test("editor image upload on a full disk: the same title and cause, as JSON", async () => {
    const request = post("/admin/media/upload", { alt: "A chart" }, await png(), cookie);
    const response = (await uploadRoute.action(
      routeArgs(request, {}, onFullDisk("ENOSPC")) as unknown as UploadArgs,
    )) as Response;
    expect(await response.json()).toEqual({ ok: false, ...QUOTA_TEXT });
    expect(await database.db.select().from(media)).toEqual([]);
  });

  test("a 401 to a body image: 'Upload Failed' / 'Upload failed. Authentication required. Please log in again.'", () => {
    const signedOut = {
      ok: false as const,
      title: EDITOR_IMAGE_TEXT.authTitle,
      message: EDITOR_IMAGE_TEXT.auth,
    };
    expect(uploadProblem("body", { status: 401 }, signedOut)).toEqual({
      title: "Upload Failed",
      message: "Upload failed. Authentication required. Please log in again.",
    });
    expect(uploadProblem("body", { status: 401 }, null)).toEqual({
      title: "Upload Failed",
      message: "Upload failed. Authentication required. Please log in again.",
    });
    // The featured image keeps the spec's own text for an upload with nobody signed in.
    expect(uploadProblem("featured", { status: 401 }, null)).toEqual({
      title: "Authentication Required",
      message: "Please log in again to upload images.",
    });
    // Anything else the server says is shown as it said it.
    expect(
      uploadProblem("body", { status: 400 }, { ok: false, title: "Invalid File Type", message: "x" }),
    ).toEqual({
      title: "Invalid File Type",
      message: "x",
    });
  });
});
