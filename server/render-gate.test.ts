import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, test } from "vitest";
import { limitConcurrentRenders } from "./render-gate";

/** A request whose render ends when `finish()` is called (as Node emits `close` on the response). */
function fakeRequest() {
  const res = new EventEmitter();
  const req = { socket: { destroyed: false } };
  return {
    req: req as unknown as Request,
    res: res as unknown as Response,
    finish: () => res.emit("close"),
    hangUp: () => (req.socket.destroyed = true),
  };
}

describe("limitConcurrentRenders", () => {
  test("lets `max` renders run, starts the waiting ones in arrival order as others end", () => {
    const gate = limitConcurrentRenders(2);
    const started: number[] = [];
    const requests = [0, 1, 2, 3].map((i) => {
      const r = fakeRequest();
      gate(r.req, r.res, (() => started.push(i)) as NextFunction);
      return r;
    });
    expect(started).toEqual([0, 1]);
    requests[1]?.finish();
    expect(started).toEqual([0, 1, 2]);
    requests[0]?.finish();
    expect(started).toEqual([0, 1, 2, 3]);
  });

  test("skips a waiting request whose reader has gone, and frees its place", () => {
    const gate = limitConcurrentRenders(1);
    const started: string[] = [];
    const first = fakeRequest();
    const gone = fakeRequest();
    const last = fakeRequest();
    gate(first.req, first.res, (() => started.push("first")) as NextFunction);
    gate(gone.req, gone.res, (() => started.push("gone")) as NextFunction);
    gate(last.req, last.res, (() => started.push("last")) as NextFunction);
    gone.hangUp();
    first.finish();
    expect(started).toEqual(["first", "last"]);
  });
});
