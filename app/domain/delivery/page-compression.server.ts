/**
 * How the page cache compresses what it keeps (decision record 014). A miss must cost no more than the
 * same page without the cache, so a page is stored in the one encoding its first reader takes, at the
 * settings the uncached path uses (brotli 4 costs 0.7 ms on a 96 KB article where brotli 9 cost 9 ms on
 * a 40 KB one, as much as rendering it). The other encoding is made when a reader first asks for it. A
 * page asked for often is recompressed at brotli's best quality (about 18% fewer bytes) off the request
 * path, by `CompressionUpgrader`, within a small share of the CPU.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { logFailure } from "#app/lib/log.server";

export type Encoding = "br" | "gzip";

/**
 * Brotli's quality on store: the uncached path's (the `compression` middleware's brotli 4). Brotli 5 made
 * a 96 KB article 7% smaller for 1.7 times the time (1.13 ms against 0.68), and a miss cost more than
 * no cache; a page read again is recompressed at BEST_BROTLI_QUALITY anyway.
 */
export const FAST_BROTLI_QUALITY = 4;
/** Brotli's quality for pages readers ask for often: 120 ms on a 96 KB article, so never on a request. */
export const BEST_BROTLI_QUALITY = 11;
/**
 * The hits after which a kept page is recompressed at BEST_BROTLI_QUALITY: its fifth reader. The 120 ms
 * cost as much CPU as 25 renders and save 2 KB (18%) for each reader after; a page read five times in
 * its time in the cache is read on (a home page, a story being shared), one read twice as often by a
 * crawler or a reader of the archive. Recompressing every page read twice made a sweep over the archive
 * with the cache on cost more than without it (decision record 014).
 */
export const RECOMPRESS_AFTER_HITS = 4;
/**
 * Brotli's quality for a lite page (a reader who saves data, decision record 019) when stored: 10% fewer
 * bytes than the fast quality for 16 ms on a 21 KB lite article. Readers who pay for each byte, on slow
 * links, are worth that on a miss: 500 bytes are longer than 16 ms at 2G speeds.
 */
export const LITE_BROTLI_QUALITY = 10;
/** zlib's default, as the uncached path's; level 9 saves 0.2% more for twice the time. */
const GZIP_LEVEL = 6;

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

/** Compresses on libuv's thread pool, off the request thread. */
export async function encode(body: Buffer, encoding: Encoding, brotliQuality = FAST_BROTLI_QUALITY) {
  const bytes =
    encoding === "gzip"
      ? await gzip(body, { level: GZIP_LEVEL })
      : await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
  return exactSize(bytes);
}

/**
 * zlib hands back its output as a view of a 16 KB chunk: a 7 KB page kept as it came would hold 16 KB
 * (5,000 cached articles took 80 MB instead of 36). Kept bytes get a store of their own size.
 */
function exactSize(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength <= bytes.length) return bytes;
  const exact = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(exact);
  return exact;
}

export const decode = (bytes: Buffer, encoding: Encoding) =>
  encoding === "gzip" ? gunzip(bytes) : unbrotli(bytes);

export interface Recompressible {
  /** The page's bytes in the encodings asked for so far. */
  bodies: Partial<Record<Encoding, Buffer>>;
  brotliQuality: number;
}

/** The page's plain bytes, from whichever encoding it holds. */
export async function plainBody(page: Recompressible): Promise<Buffer> {
  const [encoding, bytes] = Object.entries(page.bodies)[0] as [Encoding, Buffer];
  return decode(bytes, encoding);
}

interface UpgraderOptions<Page extends Recompressible> {
  /** Swaps the better page in if `current` is still what the cache holds under `key`. */
  replace: (key: string, current: Page, better: Page) => boolean;
  /** The share of wall time the recompression may take (it runs on one of the machine's cores). */
  shareOfTime?: number;
  /** Pages waiting at most; an offer past it is dropped (the page is offered again on its next hit). */
  maxWaiting?: number;
  now?: () => number;
}

/**
 * Recompresses offered pages at BEST_BROTLI_QUALITY, one at a time. After a page that took d ms it
 * rests d × (1 / shareOfTime − 1): at the default 5% it never takes more than a twentieth of a core,
 * whatever the traffic, so readers' renders keep the CPU. A page purged or replaced meanwhile is skipped.
 */
export class CompressionUpgrader<Page extends Recompressible> {
  private readonly waiting = new Map<string, Page>();
  private isWorking = false;
  private isStopped = false;
  upgraded = 0;

  constructor(private readonly options: UpgraderOptions<Page>) {}

  /** A page readers ask for often: worth its best compression, if it has a brotli body to improve. */
  offer(key: string, page: Page) {
    if (this.isStopped) return;
    if (!page.bodies.br || page.brotliQuality >= BEST_BROTLI_QUALITY || this.waiting.has(key)) return;
    if (this.waiting.size >= (this.options.maxWaiting ?? 256)) return;
    this.waiting.set(key, page);
    if (!this.isWorking) void this.work();
  }

  get pending() {
    return this.waiting.size;
  }

  /**
   * Takes no more pages and drops those waiting (a server that stops: server/jobs.ts); the page being
   * recompressed finishes on its own, and its rest holds no process.
   */
  stop() {
    this.isStopped = true;
    this.waiting.clear();
  }

  /** Resolves when nothing waits (tests). */
  async idle() {
    while (this.isWorking) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private async work() {
    this.isWorking = true;
    const now = this.options.now ?? performance.now.bind(performance);
    const share = this.options.shareOfTime ?? 0.05;
    try {
      for (const [key, page] of this.waiting) {
        this.waiting.delete(key);
        const started = now();
        try {
          const body = await plainBody(page);
          const best = await encode(body, "br", BEST_BROTLI_QUALITY);
          // On very repetitive pages the best quality can come out a few bytes larger: keep the smaller.
          const br = best.length < page.bodies.br!.length ? best : page.bodies.br!;
          const better = { ...page, bodies: { ...page.bodies, br }, brotliQuality: BEST_BROTLI_QUALITY };
          if (this.options.replace(key, page, better)) this.upgraded++;
        } catch (error) {
          logFailure("[page-cache] recompressing a page failed; it keeps its fast compression", error);
        }
        const rest = (now() - started) * (1 / share - 1);
        await new Promise((resolve) => setTimeout(resolve, rest).unref());
      }
    } finally {
      this.isWorking = false;
    }
  }
}
