import { expect, test } from "vitest";
import { describePageCache } from "./page-cache";

test("the operator's line says the hit rate, the counts, what is kept and what was recompressed", () => {
  const line = describePageCache(
    "last 15 min",
    { hits: 12_040, misses: 183, bypasses: 2, encodedOnHit: 5 },
    { size: 1_204, usedBytes: 9_612_000 },
    31,
  );
  expect(line).toBe(
    "Page cache, last 15 min: 98.5% hits (12,040 hits, 183 misses, 2 not kept); 1,204 pages in 9.6 MB, 31 recompressed smaller",
  );
});
