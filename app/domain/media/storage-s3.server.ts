/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces, Ceph), through
 * the official AWS SDK v3; each file is one object named by its key at the top of the bucket. Loaded only
 * when S3_BUCKET is set: the SDK costs memory a local-disk site never uses (decision record 013).
 */
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "#app/config.server";
import { DomainError, invalid, unavailable } from "#app/lib/errors";
import {
  contentTypeOfKey,
  isMediaKey,
  MEDIA_CACHE_CONTROL,
  missingMediaFile,
  type MediaStore,
} from "./storage-store.server";

/** An object's answer to a reader, for the app to stream (server/media-files.ts). */
export interface StoredObject {
  /** 200, 206 for a range, 304 when the reader's copy is current. */
  status: 200 | 206 | 304;
  /** Absent for HEAD and 304. */
  body?: Readable;
  contentLength?: number;
  contentRange?: string;
  etag?: string;
  lastModified?: Date;
}

export interface ObjectRequest {
  isHead: boolean;
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: Date;
}

export interface S3MediaStore extends MediaStore {
  /** The object as a reader asked for it, or null when there is none (or the range is outside it: 416). */
  open(key: string, request: ObjectRequest): Promise<StoredObject | null | "unsatisfiable">;
}

/** Removals go one object at a time (DeleteObjects needs a checksum not every store accepts), this many at once. */
const REMOVALS_AT_ONCE = 8;

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof Error && ["NoSuchKey", "NotFound", "NoSuchBucket"].includes(error.name));

const NETWORK_CODES = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ECONNRESET", "EHOSTUNREACH"];

/** Why the bucket cannot be used, as one line that says what to fix. */
export function explainS3Failure(error: unknown, settings: S3Settings): DomainError {
  const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
  const bucket = `the bucket "${settings.bucket}" at ${where}`;
  const name = error instanceof Error ? error.name : "";
  const code = (error as NodeJS.ErrnoException | null)?.code ?? "";
  const status = statusOf(error);
  if (name === "CredentialsProviderError")
    return invalid(
      `No credentials for ${bucket}: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY and start again.`,
    );
  // The handler's timeouts are all TimeoutError; only the connection's says it made none.
  if (name === "TimeoutError" && !/establish a connection/.test((error as Error).message))
    return unavailable(
      `The media storage at ${where} took the connection but did not answer in time: check that the storage server is working and S3_ENDPOINT names it, then start again.`,
    );
  if (NETWORK_CODES.includes(code) || name === "TimeoutError")
    return unavailable(
      `Cannot reach the media storage at ${where} (${code || name}): check S3_ENDPOINT and that the storage server is running, then start again.`,
    );
  if (status === 403 || ["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"].includes(name))
    return invalid(
      `${capitalised(bucket)} refused the credentials (${status ?? ""} ${name}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and that they may read, write and delete in that bucket.`,
    );
  if (status === 404 || name === "NoSuchBucket")
    return invalid(`${capitalised(bucket)} does not exist: create it, or correct S3_BUCKET and S3_ENDPOINT.`);
  if (status === 301 || name === "PermanentRedirect")
    return invalid(`${capitalised(bucket)} is in another region: set S3_REGION to the bucket's region.`);
  const detail = error instanceof Error ? `${name}: ${error.message.split("\n")[0]}` : String(error);
  return unavailable(
    `${capitalised(bucket)} cannot be used (${status ? `${status} ` : ""}${detail}): check the S3_* settings and the storage server.`,
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * On Node 20 the SDK prints eight lines at its first client: its releases after January 2027 need Node
 * 22. The version is pinned, so that is news for whoever upgrades it (decision record 013), not for the
 * operator reading a start-up failure. `...=false` in the environment brings it back.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/**
 * How long the store may take. The installed @smithy/node-http-handler only logs a warning when
 * `requestTimeout` passes unless `throwOnRequestTimeout` is set, and without `socketTimeout` a store
 * that accepts the connection and then says nothing holds the start-up check, an upload or a /media
 * request for ever.
 */
export const S3_TIMEOUTS = {
  /** To open the TCP connection. */
  connectionMs: 5_000,
  /** From the request's start to the answer's headers, the upload's body included (32 MB at most). */
  requestMs: 60_000,
  /** Silence on the connection, at any point: the store stalled. */
  socketIdleMs: 30_000,
};

/**
 * Connections to the store at once. The handler's default is 50, but a file streamed at /media holds
 * one for as long as its reader takes: a few dozen slow readers of a video would queue every upload and
 * every other file behind them, and a queued request's timeout runs while it waits. The idle timeouts
 * bound how long a stalled one is held.
 */
const MAX_CONNECTIONS = 256;

/** The client and the bucket every operation of the store works on. */
interface Bucket {
  client: S3Client;
  Bucket: string;
}

export function s3MediaStore(settings: S3Settings, timeouts = S3_TIMEOUTS): S3MediaStore {
  const bucket: Bucket = { client: s3Client(settings, timeouts), Bucket: settings.bucket };
  const write = (key: string, bytes: Uint8Array) => writeObject(bucket, key, bytes);
  return {
    description: `s3://${bucket.Bucket} at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`,
    // Keys are random and never reused, so a new file needs no "only if absent" condition, which not
    // every S3-compatible store understands.
    put: write,
    replace: write,
    read: (key) => readObject(bucket, key),
    remove: (keys) => removeObjects(bucket, keys),
    list: () => listMediaKeys(bucket),
    check: () => checkBucket(bucket, settings),
    open: (key, request) => openObject(bucket, key, request),
  };
}

function s3Client(settings: S3Settings, timeouts: typeof S3_TIMEOUTS): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    followRegionRedirects: true,
    // Checksums only where S3 requires them: the SDK's default (CRC32 on every upload) is refused by
    // several S3-compatible stores.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: timeouts.connectionMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.socketIdleMs,
      httpAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
    },
  });
}

async function writeObject({ client, Bucket }: Bucket, key: string, bytes: Uint8Array) {
  // A PUT replaces an object whole and atomically: readers never see part of it.
  await client.send(
    new PutObjectCommand({
      Bucket,
      Key: key,
      Body: bytes,
      ContentLength: bytes.length,
      ContentType: contentTypeOfKey(key),
      // For a bucket or CDN that serves the files itself (MEDIA_PUBLIC_URL).
      CacheControl: MEDIA_CACHE_CONTROL,
    }),
  );
}

async function readObject({ client, Bucket }: Bucket, key: string): Promise<Uint8Array> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if (!object.Body) throw missingMediaFile(key);
    return await object.Body.transformToByteArray();
  } catch (error) {
    if (isNotFound(error)) throw missingMediaFile(key);
    throw error;
  }
}

async function removeObject({ client, Bucket }: Bucket, key: string) {
  try {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

async function removeObjects(bucket: Bucket, keys: Iterable<string>) {
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await removeObject(bucket, key);
  };
  await Promise.all(Array.from({ length: Math.min(REMOVALS_AT_ONCE, queue.length) }, worker));
}

async function* listMediaKeys({ client, Bucket }: Bucket) {
  for await (const page of paginateListObjectsV2({ client }, { Bucket }))
    for (const object of page.Contents ?? []) if (object.Key && isMediaKey(object.Key)) yield object.Key;
}

async function checkBucket({ client, Bucket }: Bucket, settings: S3Settings) {
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
    // Reading is not enough: uploads write and deletions delete. The probe's name is no media key.
    const probe = `newsdesk-start-check-${randomBytes(6).toString("hex")}`;
    await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: "ok", ContentLength: 2 }));
    await client.send(new DeleteObjectCommand({ Bucket, Key: probe }));
  } catch (error) {
    throw explainS3Failure(error, settings);
  }
}

async function openObject(
  { client, Bucket }: Bucket,
  key: string,
  request: ObjectRequest,
): Promise<StoredObject | null | "unsatisfiable"> {
  try {
    if (request.isHead) {
      const head = await client.send(
        new HeadObjectCommand({
          Bucket,
          Key: key,
          IfNoneMatch: request.ifNoneMatch,
          IfModifiedSince: request.ifModifiedSince,
        }),
      );
      return {
        status: 200,
        contentLength: head.ContentLength,
        etag: head.ETag,
        lastModified: head.LastModified,
      };
    }
    const object = await client.send(
      new GetObjectCommand({
        Bucket,
        Key: key,
        Range: request.range,
        IfNoneMatch: request.ifNoneMatch,
        IfModifiedSince: request.ifModifiedSince,
      }),
    );
    return {
      status: object.ContentRange ? 206 : 200,
      body: object.Body as Readable,
      contentLength: object.ContentLength,
      contentRange: object.ContentRange,
      etag: object.ETag,
      lastModified: object.LastModified,
    };
  } catch (error) {
    const status = statusOf(error);
    if (status === 304) return { status: 304 };
    if (status === 416 || (error instanceof Error && error.name === "InvalidRange")) return "unsatisfiable";
    if (isNotFound(error)) return null;
    throw error;
  }
}
