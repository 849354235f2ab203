/**
 * The page handler (server/page-handler.ts: reader pages' own renderer, else React Router) for Express,
 * as @react-router/express builds React Router's, except for the body: a form
 * read and checked by server/request-body.ts is handed on from memory (the request's stream is used
 * up by then); an upload still streams from the socket. With several workers, the answer to a request
 * that changed the site waits until every worker has heard of the change (server/workers-changes.ts).
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppLoadContext } from "react-router";
import type { PageHandler } from "./page-handler";
import { documentTextOf } from "#app/lib/document-text";
import { bufferedBody } from "./request-body";
import { siteChangesDelivered } from "./workers-changes";

interface RouterHandlerOptions {
  /** Who renders (server/page-handler.ts), with the cache tags of the tiers in front (server/cache-tags.ts). */
  handle: PageHandler;
  getLoadContext: (req: ExpressRequest) => AppLoadContext;
}

export function routerHandler({ handle, getLoadContext }: RouterHandlerOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await handle(webRequest(req, res), getLoadContext(req));
      // Whoever sent a change gets the answer only once every worker has purged what it made stale:
      // their next request, whichever worker takes it, shows it. Nothing pending (the usual case, and
      // always with one process): no wait, not even a promise.
      const delivered = siteChangesDelivered();
      if (delivered) await delivered;
      await send(res, response);
    } catch (error) {
      await siteChangesDelivered();
      next(error);
    }
  };
}

/**
 * The request's address as React Router sees it (built as @react-router/express 7.18 builds it): its
 * origin is the one a form's Origin must match, else React Router refuses the action.
 */
export function requestUrl(req: ExpressRequest): URL {
  const [, forwardedPort] = req.app.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/** The web Request for an Express request. */
function webRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req);

  const controller = new AbortController();
  let isFinished = false;
  res.on("finish", () => (isFinished = true));
  res.on("close", () => isFinished || controller.abort());

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = bufferedBody(req);
    if (body) init.body = new Uint8Array(body);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's header replaces the edge's default of the same name (securityHeaders), so a page that
  // sets its own Referrer-Policy sends one value, not two; only cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  // A reader page's text as rendered (app/lib/document-text.ts): written as it is, its stream never read.
  const text = documentTextOf(response);
  if (text !== null) {
    await response.body?.cancel();
    res.end(text);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
