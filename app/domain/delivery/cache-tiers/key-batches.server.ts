/**
 * Cuts a list of purge keys into the batches a tier accepts in one request: at most `maxKeys` keys, and the
 * keys joined with `separator` at most `maxBytes` bytes (a header's value, counted in UTF-8 as it is sent).
 * Order is kept, so a log line's keys read as the change produced them. A key longer than `maxKeyBytes` is
 * refused before anything is sent: no batch could carry it, and a half-purged change would look done.
 */
import { TierRefusal } from "./tier.server";

export interface BatchLimits {
  maxKeys: number;
  maxBytes: number;
  maxKeyBytes: number;
  separator: string;
}

export function keyBatches(tierName: string, keys: readonly string[], limits: BatchLimits): string[][] {
  const separatorBytes = Buffer.byteLength(limits.separator);
  const longest = Math.min(limits.maxKeyBytes, limits.maxBytes);
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    const keyBytes = Buffer.byteLength(key);
    if (keyBytes > longest || keyBytes === 0)
      throw new TierRefusal(
        `${tierName} cannot purge the key "${key.slice(0, 60)}${key.length > 60 ? "…" : ""}": ` +
          `${keyBytes} bytes, where a key is 1 to ${longest} bytes`,
      );
    const added = batch.length === 0 ? keyBytes : separatorBytes + keyBytes;
    if (batch.length === limits.maxKeys || bytes + added > limits.maxBytes) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    bytes += batch.length === 0 ? keyBytes : separatorBytes + keyBytes;
    batch.push(key);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
