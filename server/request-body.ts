/**
 * Request bodies, read and bounded before a request may take a render slot (server/render-gate.ts)
 * and before React Router parses them.
 *
 * Why: React Router parses a form with `request.formData()`, which keeps every field as an object on
 * the heap. A 9 MB urlencoded body of three million empty fields (`a=&a=&…`), sent anonymously to
 * /contact, ran the server out of its 160 MB heap (bin/heap-limit.mjs) and the process died. And a
 * body sent one byte at a time held a render slot for as long as it trickled: eight of them stopped
 * every uncached page and the back office. So each route gets the size it needs (a public form
 * kilobytes, only staff more), a form at most MAX_FORM_FIELDS fields, and a body a deadline; all of it
 * is checked here, where refusing costs nothing, and only a complete body goes on.
 */
import type { NextFunction, Request, Response } from "express";

const KB = 1024;
const MB = 1024 * KB;

/**
 * The largest body each kind of route accepts.
 * - `form`: every public form and the sign-in pages, and Paystack's webhook (its JSON, read raw: a
 *   `charge.success` event is a few kilobytes). The longest is the contact form: 5,554
 *   characters at most (name 100, e-mail 254, subject 200, message 5,000), which percent-encoded come
 *   to 50 KB even when every character takes three UTF-8 bytes (nine once encoded).
 * - `backOffice`: a signed-in staff member's forms. An article's text and markup are capped at 1 MB
 *   (ARTICLE_CONTENT_MAX_BYTES), up to 3 MB percent-encoded, and the snippet list is sent whole.
 * - `upload`: the media uploads, the spec's 32 MB file plus the form's other fields and framing.
 */
export const BODY_LIMITS = { form: 64 * KB, backOffice: 8 * MB, upload: 33 * MB } as const;
export type BodyKind = keyof typeof BODY_LIMITS;

/** The most fields a form may have. The longest real one, a bulk action on a page of rows, has a few dozen. */
export const MAX_FORM_FIELDS = 1000;

/**
 * A body must arrive within 20 s plus a second per 16 KB (a public form: 24 s at most; a phone on a
 * poor 2G link sends some 3 KB a second).
 */
export const bodyDeadlineMs = (bytes: number) => 20_000 + Math.ceil(bytes / (16 * KB)) * 1000;

export const BODY_TEXT = {
  tooLargeTitle: "Payload Too Large",
  tooLarge: (kind: BodyKind) =>
    kind === "upload"
      ? "The upload limit is 32 MB."
      : `This form may send at most ${BODY_LIMITS[kind] / (kind === "form" ? KB : MB)} ${kind === "form" ? "KB" : "MB"}.`,
  tooManyFields: `A form may have at most ${MAX_FORM_FIELDS.toLocaleString("en")} fields.`,
  tooSlowTitle: "Request Timeout",
  tooSlow: "The form did not arrive in time. Please try again.",
  lengthRequired: "Length Required.",
} as const;

/** Paths under /admin that anyone may post to: signing in and its account links. */
const SIGN_IN_PATHS = new Set([
  "/admin/login",
  "/admin/logout",
  "/admin/forgot-password",
  "/admin/set-password",
  "/admin/two-factor",
]);
const UPLOAD_PATHS = new Set(["/admin/media", "/admin/media/upload"]);
/** The back office's JSON endpoints: their callers read `{ ok, title, message }`, not a page. */
const JSON_PATHS = new Set(["/admin/media/upload", "/admin/articles/autosave"]);

/** Routes match case-insensitively and with or without a trailing slash, so the kinds do too. */
const routePath = (req: Request) => req.path.toLowerCase().replace(/\/+$/, "") || "/";

/** What a route may be sent, before knowing who sends it. */
export function bodyKindOf(path: string): BodyKind {
  if (UPLOAD_PATHS.has(path)) return "upload";
  if ((path === "/admin" || path.startsWith("/admin/")) && !SIGN_IN_PATHS.has(path)) return "backOffice";
  return "form";
}

const bodies = new WeakMap<Request, Buffer>();

/** The body read by `readRequestBodies`, or undefined when it was left to stream (uploads) or there was none. */
export const bufferedBody = (req: Request) => bodies.get(req);

interface BodyOptions {
  /** Whether a signed-in staff member sends the request: only they are sent more than a public form. */
  isStaff: (req: Request) => Promise<boolean>;
  /** How long a body of `bytes` may take to arrive (tests shorten it). */
  deadlineMs?: (bytes: number) => number;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function readRequestBodies({ isStaff, deadlineMs = bodyDeadlineMs }: BodyOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      // Browsers declare the length of every form post and fetch body; a chunked body has none to check.
      if (req.get("transfer-encoding"))
        return refuse(req, res, 411, "Length Required", BODY_TEXT.lengthRequired);
      return next();
    }
    const path = routePath(req);
    let kind = bodyKindOf(path);
    try {
      if (kind !== "form" && !(await isStaff(req))) kind = "form";
    } catch (error) {
      return next(error);
    }
    const length = /^\d+$/.test(declared) ? Number(declared) : Infinity;
    if (length > BODY_LIMITS[kind])
      return refuse(req, res, 413, BODY_TEXT.tooLargeTitle, BODY_TEXT.tooLarge(kind), JSON_PATHS.has(path));
    if (length === 0) return next();
    // An upload streams on to the route, which checks the file; a slow one holds a slot, but only
    // staff may send one (anyone else's is a public form, read here).
    if (kind === "upload") return next();

    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      req.removeAllListeners("data");
      req.pause();
      refuse(req, res, 408, BODY_TEXT.tooSlowTitle, BODY_TEXT.tooSlow, JSON_PATHS.has(path));
    }, deadlineMs(length));
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", () => clearTimeout(timer));
    req.once("close", () => clearTimeout(timer));
    req.once("end", () => {
      clearTimeout(timer);
      const body = Buffer.concat(chunks);
      if (countFields(body, req.get("content-type")) > MAX_FORM_FIELDS)
        return refuse(req, res, 413, BODY_TEXT.tooLargeTitle, BODY_TEXT.tooManyFields, JSON_PATHS.has(path));
      bodies.set(req, body);
      next();
    });
  };
}

/**
 * Fields of a urlencoded body (`&`-separated) or parts of a multipart one (its boundary), counted
 * unparsed, by the media type the parser itself goes by: a `boundary=` parameter on a urlencoded body,
 * or a second one on a multipart body, does not change how it is parsed, so it does not change the count.
 * Any other type is no form: React Router's `formData()` refuses it.
 */
export function countFields(body: Buffer, contentType = ""): number {
  const [type = "", ...parameters] = contentType.split(";").map((part) => part.trim());
  let separator: string;
  if (/^application\/x-www-form-urlencoded$/i.test(type)) separator = "&";
  else if (/^multipart\/form-data$/i.test(type)) {
    const boundary = parameters
      .map((parameter) => /^boundary=(?:"([^"]+)"|(.+))$/i.exec(parameter))
      .find((match) => match);
    if (!boundary) return 0;
    separator = `--${boundary[1] ?? boundary[2]}`;
  } else return 0;
  let count = 1;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, at + separator.length))
    count += 1;
  return count;
}

/**
 * Answers a refused body. The client may still be sending it: what still comes is read and dropped
 * (memory stays flat) so that the client, done sending, reads the answer; closing at once would reset
 * the connection under a client still writing, and most lose the answer then (Node's client did). A
 * client still sending after DISCARD_MS, or a slow one (408), is cut off.
 */
function refuse(req: Request, res: Response, status: number, title: string, message: string, json = false) {
  if (res.headersSent) return;
  const isSlow = status === 408;
  if (isSlow) res.set("Connection", "close");
  res.set("Cache-Control", "no-store").status(status);
  if (json) res.json({ ok: false, title, message });
  else res.type("text/plain").send(`${title}: ${message}`);
  if (isSlow || req.complete) return;
  const cutOff = setTimeout(() => req.socket.destroy(), DISCARD_MS);
  req.on("data", () => {});
  req.once("end", () => clearTimeout(cutOff));
  req.once("close", () => clearTimeout(cutOff));
}

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const DISCARD_MS = 10_000;
