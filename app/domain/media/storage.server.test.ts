/**
 * Media storage on both backends, through the functions every caller uses (uploads, copies, deletions,
 * backups): the local disk in a temporary folder, and an S3-compatible bucket on a real server (s3rver)
 * started here. What lands in the bucket is read with a client of the test's own.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { parseConfig } from "#app/config.server";
import { isDomainError } from "#app/lib/errors";
import { explanation } from "../../../server/explain-failure";
import {
  checkMediaStorage,
  listMediaKeys,
  mediaKey,
  mediaStoreFor,
  newMediaId,
  originalKeyOfUrl,
  publicUrlFor,
  putMediaFile,
  readMediaFile,
  removeMediaFiles,
  replaceMediaFile,
  mediaServicesFor,
  type MediaServices,
} from "./storage.server";
import { localMediaStore } from "./storage-local.server";
import { s3MediaStore } from "./storage-s3.server";
import { startTestBucket, type TestBucket } from "#test-support/s3-test-bucket";
import type { MediaStore } from "./storage-store.server";

let bucket: TestBucket;
let folder: string;

beforeAll(async () => {
  bucket = await startTestBucket();
  folder = await mkdtemp(path.join(os.tmpdir(), "newsdesk-storage-"));
});
afterAll(async () => {
  await bucket.stop();
  await rm(folder, { recursive: true, force: true });
});

const bytes = (...values: number[]) => new Uint8Array(values);

/** The media services of the test under way: a store, and MEDIA_PUBLIC_URL when set. */
let media: MediaServices;

async function keysListed(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of listMediaKeys(media)) keys.push(key);
  return keys.sort();
}

const bucketClient = () => new S3Client({ ...bucket.settings, requestChecksumCalculation: "WHEN_REQUIRED" });

/** What is really there (the folder's names, or the bucket's objects), and a file put there by someone else. */
const BACKENDS: Array<
  [string, () => MediaStore, () => Promise<string[]>, (name: string) => Promise<() => Promise<void>>]
> = [
  [
    "the local disk",
    () => localMediaStore(folder),
    async () => (await readdir(folder)).sort(),
    async (name) => {
      await writeFile(path.join(folder, name), "not ours");
      return () => rm(path.join(folder, name));
    },
  ],
  [
    "an S3-compatible bucket",
    () => s3MediaStore(bucket.settings),
    () => bucket.objectKeys(),
    async (name) => {
      const Bucket = bucket.settings.bucket;
      await bucketClient().send(new PutObjectCommand({ Bucket, Key: name, Body: "not ours" }));
      return async () => void (await bucketClient().send(new DeleteObjectCommand({ Bucket, Key: name })));
    },
  ],
];

describe.each(BACKENDS)("media files on %s", (_name, makeStore, stored, plant) => {
  beforeAll(() => {
    media = { store: makeStore() };
  });
  afterEach(async () => {
    await removeMediaFiles(media, await keysListed());
  });

  test("a file put is read back byte for byte and listed by its key; nothing else is written", async () => {
    const key = mediaKey(newMediaId(), "jpg");
    await putMediaFile(media, key, bytes(0xff, 0xd8, 0xff, 1, 2, 3));
    expect(await readMediaFile(media, key)).toEqual(bytes(0xff, 0xd8, 0xff, 1, 2, 3));
    expect(await keysListed()).toEqual([key]);
    expect(await stored()).toEqual([key]);
  });

  test("a replaced file is whole and new; removing files removes every one, and a missing one is no error", async () => {
    const id = newMediaId();
    const [original, copy] = [mediaKey(id, "png"), mediaKey(id, "webp", "800")];
    await putMediaFile(media, original, bytes(1));
    await putMediaFile(media, copy, bytes(2, 2));
    await replaceMediaFile(media, copy, bytes(3, 3, 3));
    expect(await readMediaFile(media, copy)).toEqual(bytes(3, 3, 3));
    expect(await stored()).toEqual([original, copy].sort());
    await removeMediaFiles(media, [original, copy, mediaKey(newMediaId(), "jpg")]);
    expect(await stored()).toEqual([]);
  });

  test("listing names only the files uploads make, not a robots.txt or logo.png that share the place", async () => {
    const id = newMediaId();
    const uploaded = [mediaKey(id, "png"), mediaKey(id, "webp", "800"), mediaKey(id, "jpg", "share")];
    for (const key of uploaded) await putMediaFile(media, key, bytes(1));
    const removals = [await plant("robots.txt"), await plant("logo.png")];
    try {
      expect(await keysListed()).toEqual(uploaded.sort());
    } finally {
      for (const remove of removals) await remove();
    }
  });

  test("reading a missing file fails with ENOENT, as the file system says it", async () => {
    await expect(readMediaFile(media, mediaKey(newMediaId(), "jpg"))).rejects.toMatchObject({
      code: "ENOENT",
    });
  });

  test("a name that is not a key never reaches the store", async () => {
    await expect(putMediaFile(media, "../escape.jpg", bytes(1))).rejects.toThrow(/Invalid media key/);
    await expect(readMediaFile(media, "a/b.jpg")).rejects.toThrow(/Invalid media key/);
    await removeMediaFiles(media, ["../escape.jpg"]);
    expect(await stored()).toEqual([]);
  });
});

describe("what only the bucket has", () => {
  const client = bucketClient;

  beforeAll(() => {
    media = { store: s3MediaStore(bucket.settings) };
  });

  test("objects carry their type and a year's immutable cache, for a bucket or CDN that serves them", async () => {
    const key = mediaKey(newMediaId(), "webp", "400");
    await putMediaFile(media, key, bytes(1, 2));
    const head = await client().send(new HeadObjectCommand({ Bucket: bucket.settings.bucket, Key: key }));
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    await removeMediaFiles(media, [key]);
  });

  test("listing for backups names only media keys, not whatever else is in the bucket", async () => {
    const key = mediaKey(newMediaId(), "pdf");
    await putMediaFile(media, key, bytes(1));
    const others = ["notes/readme.txt", "robots.txt", "logo.png"];
    for (const other of others)
      await client().send(new PutObjectCommand({ Bucket: bucket.settings.bucket, Key: other, Body: "x" }));
    expect(await keysListed()).toEqual([key]);
    await removeMediaFiles(media, [key]);
    for (const other of others)
      await client().send(new DeleteObjectCommand({ Bucket: bucket.settings.bucket, Key: other }));
  });
});

describe("the start-up check", () => {
  async function refusal(store: MediaStore): Promise<string> {
    media = { store };
    const error = await checkMediaStorage(media).then(
      () => null,
      (e: unknown) => e,
    );
    if (!isDomainError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
    const line = explanation(error) ?? "";
    expect(line.split("\n")).toHaveLength(1);
    return line;
  }

  test("a usable bucket passes, and leaves nothing behind", async () => {
    const before = await bucket.objectKeys();
    media = { store: s3MediaStore(bucket.settings) };
    await checkMediaStorage(media);
    expect(await bucket.objectKeys()).toEqual(before);
  });

  test("a missing bucket is named, with what to do", async () => {
    expect(await refusal(s3MediaStore({ ...bucket.settings, bucket: "no-such-bucket" }))).toMatch(
      /^The bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist: create it, or correct S3_BUCKET/,
    );
  });

  test("refused credentials are named, with what to do", async () => {
    const wrong = { accessKeyId: "NOT-A-KEY", secretAccessKey: "nope" };
    expect(await refusal(s3MediaStore({ ...bucket.settings, credentials: wrong }))).toMatch(
      /refused the credentials .*check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
  });

  test("an endpoint nobody answers at is named, with what to do", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const endpoint = `http://127.0.0.1:${port}`;
    expect(await refusal(s3MediaStore({ ...bucket.settings, endpoint }))).toBe(
      `Cannot reach the media storage at ${endpoint} (ECONNREFUSED): check S3_ENDPOINT and that the storage server is running, then start again.`,
    );
  });

  test("a store that takes the connection and never answers fails the check, a read and a write in time", async () => {
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const store = s3MediaStore(
      { ...bucket.settings, endpoint },
      { connectionMs: 1_000, requestMs: 1_500, socketIdleMs: 1_000 },
    );
    const started = Date.now();
    try {
      expect(await refusal(store)).toBe(
        `The media storage at ${endpoint} took the connection but did not answer in time: check that the storage server is working and S3_ENDPOINT names it, then start again.`,
      );
      const key = mediaKey(newMediaId(), "jpg");
      await expect(store.read(key)).rejects.toMatchObject({ name: "TimeoutError" });
      await expect(store.put(key, bytes(1, 2, 3))).rejects.toMatchObject({ name: "TimeoutError" });
      // The SDK retries a timeout twice: three tries of at most 1.5 s each, per call.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  test("the local disk needs no check (its folder is made by the first upload)", async () => {
    const dataDir = path.join(folder, "not-yet-made");
    media = { store: await mediaStoreFor(parseConfig({ DATA_DIR: dataDir })) };
    await checkMediaStorage(media);
  });

  test("configuration picks the store: S3_BUCKET for the bucket, else DATA_DIR/media", async () => {
    const inBucket = await mediaStoreFor(parseConfig(bucket.env));
    expect(inBucket.description).toBe(`s3://newsdesk-media at ${bucket.settings.endpoint}`);
    const onDisk = await mediaStoreFor(parseConfig({ DATA_DIR: folder }));
    expect(onDisk.description).toBe(path.join(folder, "media"));
    // The configured bucket works: a file through one store is read through the other made alike.
    const key = mediaKey(newMediaId(), "txt");
    await inBucket.put(key, bytes(104, 105));
    expect(await s3MediaStore(bucket.settings).read(key)).toEqual(bytes(104, 105));
    await inBucket.remove([key]);
  });
});

describe("public addresses", () => {
  test("served by the app: /media/<key>, and any host's /media/<original key> names the upload", () => {
    media = { store: localMediaStore(folder) };
    const key = mediaKey("0123456789abcdef01234567", "jpg");
    expect(publicUrlFor(media, key)).toBe(`/media/${key}`);
    expect(originalKeyOfUrl(media, `https://old.example.com/media/${key}`)).toBe(key);
    expect(originalKeyOfUrl(media, `/media/0123456789abcdef01234567-800.webp`)).toBeNull();
  });

  test("with MEDIA_PUBLIC_URL new uploads link there, and both kinds of address name the upload", async () => {
    media = await mediaServicesFor(
      parseConfig({ ...bucket.env, MEDIA_PUBLIC_URL: "https://cdn.example.com/newsdesk/" }),
    );
    const key = mediaKey("0123456789abcdef01234567", "png");
    expect(publicUrlFor(media, key)).toBe(`https://cdn.example.com/newsdesk/${key}`);
    expect(originalKeyOfUrl(media, `https://cdn.example.com/newsdesk/${key}`)).toBe(key);
    expect(originalKeyOfUrl(media, `https://news.example.com/media/${key}`)).toBe(key);
    expect(originalKeyOfUrl(media, `https://cdn.example.com/other/${key}`)).toBeNull();
  });
});
