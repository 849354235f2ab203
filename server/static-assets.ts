/**
 * The build's hashed files (`/assets/`), sent in the compressed copies the build wrote next to them
 * (scripts/vite-precompress.ts): brotli when the browser takes it, else gzip, else the plain file, which
 * express.static sends (and the compression middleware compresses, for a file without copies).
 * Their names carry a content hash: cached for a year.
 */
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { chooseEncoding } from "#app/domain/delivery/page-cache.server";

const YEAR = { immutable: true, maxAge: "1y" } as const;
const EXTENSION = { br: ".br", gzip: ".gz" } as const;

export function hashedAssets(dir: string): RequestHandler {
  // The build is fixed while the server runs: which copies exist is read once.
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const plain = express.static(dir, { ...YEAR, index: false });
  return (req, res, next) => {
    const name = req.path.slice(1);
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const copy = encoding === "identity" ? undefined : `${name}${EXTENSION[encoding]}`;
    if ((req.method !== "GET" && req.method !== "HEAD") || !copy || !files.has(name) || !files.has(copy))
      return plain(req, res, next);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Encoding", encoding);
    // The type of the file itself, not of its compressed copy.
    res.type(path.extname(name));
    // Relative to the folder: `send` refuses a path with a dot-segment, and the build may be in one.
    // The name changes with the content: the ETag tells a browser all Last-Modified would.
    res.sendFile(copy, { root: dir, ...YEAR, acceptRanges: false, lastModified: false }, (error) => {
      // A reader who went away (mid-file, or before it began: a page left while loading) is no error of ours.
      const wentAway = (error as NodeJS.ErrnoException | undefined)?.code === "ECONNABORTED";
      if (!error || wentAway || res.headersSent) return;
      res.removeHeader("Content-Encoding");
      next(error);
    });
  };
}
