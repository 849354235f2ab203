/**
 * /media/<key>: stored uploads, from the local folder or streamed from the S3-compatible bucket, with the
 * same headers either way. Keys are random and never reused, so a year and `immutable` are safe; a
 * stored file is never a page (no script, no plugin, even if opened directly); a missing key is a plain
 * 404 rather than a page render.
 */
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type RequestHandler, type Response } from "express";
import type { Config } from "#app/config.server";
import { mediaDirectory, type MediaServices } from "#app/domain/media/storage.server";
import { isMediaKey, MEDIA_CACHE_CONTROL } from "#app/domain/media/storage-store.server";
import type { S3MediaStore } from "#app/domain/media/storage-s3.server";
import { mediaTag, tagHeadersFor, type TagHeader } from "#app/domain/delivery/cache-tiers/cache-tags.server";

function setFileHeaders(res: Response, key: string, tagHeaders: readonly TagHeader[]) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
  // Kept by a cache in front for a year: its own key, so deleting the file purges it there (decision record 023).
  for (const { name } of tagHeaders) res.setHeader(name, mediaTag(key));
}

/** A refusal answered by the app's last handler (server/app.ts, answerErrors): one log line. */
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status });

/**
 * Longest a streamed file may pass no bytes. The object's connection is one of the S3 client's pooled
 * sockets (storage-s3.server.ts): a store that stalls mid-file, or a reader who stops reading (which stops
 * the reading from the store), would otherwise hold it for as long as the reader keeps the page open.
 */
const STREAM_IDLE_MS = 30_000;

/**
 * The local folder DATA_DIR/media by Express's static files, or the bucket through the store of the
 * process's services (`media`, app/services.server.ts), whose pooled client serves every request.
 */
export function mediaFiles(
  config: Config,
  media: MediaServices,
  { streamIdleMs = STREAM_IDLE_MS } = {},
): RequestHandler {
  const tagHeaders = tagHeadersFor(config.cacheTiers);
  if (config.mediaStorage.kind === "local")
    return express.static(mediaDirectory(config.dataDir), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
      redirect: false,
      fallthrough: false,
      setHeaders: (res, file) => setFileHeaders(res, path.basename(file), tagHeaders),
    });

  // The configuration named a bucket, so the services' store is the S3 one (mediaStoreFor).
  const store = media.store as S3MediaStore;

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return next(refusal(405, "Method Not Allowed"));
    }
    const key = req.path.slice(1);
    if (!isMediaKey(key)) return next(refusal(404, `No stored file ${key.slice(0, 100)}`));
    const since = req.get("If-Modified-Since");
    const range = req.get("Range");
    serveObject(res, store, key, streamIdleMs, tagHeaders, {
      isHead: req.method === "HEAD",
      range: range?.startsWith("bytes=") ? range : undefined,
      ifNoneMatch: req.get("If-None-Match"),
      ifModifiedSince: since && !Number.isNaN(Date.parse(since)) ? new Date(since) : undefined,
    }).catch((error: unknown) => next(error));
  };
}

async function serveObject(
  res: Response,
  store: S3MediaStore,
  key: string,
  idleMs: number,
  tagHeaders: readonly TagHeader[],
  request: Parameters<S3MediaStore["open"]>[1],
) {
  const object = await store.open(key, request);
  if (object === null) throw refusal(404, `No stored file ${key}`);
  if (object === "unsatisfiable") throw refusal(416, "Range Not Satisfiable");
  setFileHeaders(res, key, tagHeaders);
  res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
  res.setHeader("Accept-Ranges", "bytes");
  if (object.etag) res.setHeader("ETag", object.etag);
  if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
  if (object.status === 304) {
    res.status(304).end();
    return;
  }
  // The type from the extension, as express.static gives the local files.
  res.type(key.slice(key.lastIndexOf(".")));
  if (object.contentLength !== undefined) res.setHeader("Content-Length", object.contentLength);
  if (object.contentRange) res.setHeader("Content-Range", object.contentRange);
  res.status(object.status);
  if (!object.body) {
    res.end();
    return;
  }
  try {
    await pipeline(object.body, idleLimit(idleMs), res);
  } catch (error) {
    // A reader who went away mid-file is no failure, nor one cut off by the idle limit (the reader sees
    // a file cut short, and may ask again); the object's connection is released either way.
    if (!res.writableEnded && !res.destroyed) throw error;
  }
}

/** Passes the file's bytes on, and fails the stream when none passed for `ms` (either end stalled). */
function idleLimit(ms: number): Transform {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      guard.destroy(Object.assign(new Error(`No bytes streamed for ${ms} ms`), { code: "ETIMEDOUT" }));
    }, ms);
  };
  const guard = new Transform({
    transform(chunk, _encoding, done) {
      arm();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
  arm();
  return guard;
}
