/**
 * At most `max` page renders at a time; the others wait their turn in arrival order.
 *
 * Why: one Node process renders one page at a time anyway, and the embedded database answers one
 * query at a time. Letting 50 readers' renders start together gains no throughput; it keeps 50 pages'
 * loader data, React trees and half-built HTML alive at once, long enough for V8 to promote them to
 * the old generation, and the process grew by some 200 MB under load (`npm run bench`). A waiting
 * request holds only its socket.
 */
import type { RequestHandler } from "express";

export function limitConcurrentRenders(max: number): RequestHandler {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) next();
  };

  return (req, res, next) => {
    const start = () => {
      running += 1;
      // A reader who gave up while waiting needs no render.
      if (req.socket.destroyed) {
        release();
        return;
      }
      res.once("close", release);
      next();
    };
    if (running < max) start();
    else waiting.push(start);
  };
}
