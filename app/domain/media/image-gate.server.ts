/**
 * Image work one at a time: decoding and resizing a large photo takes a core and hundreds of
 * megabytes for seconds. A few uploads at once would starve the readers on a two-core server, so each
 * waits its turn here, in arrival order, and libvips itself uses one thread (`sharp.concurrency(1)` in
 * variants.server.ts), leaving the other core to pages.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most that ever ran at once (tests read it). */
  peak = 0;

  constructor(readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

export const IMAGE_WORK = new WorkGate(1);
