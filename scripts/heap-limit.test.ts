import { describe, expect, it } from "vitest";
import { HEAP_LIMIT_FLAG, hasHeapLimit, serverHeapFlags, serverMallocEnv } from "../bin/heap-limit.mjs";

describe("the server's heap limit", () => {
  it("is seen on the command line or in NODE_OPTIONS, in either spelling", () => {
    expect(hasHeapLimit([HEAP_LIMIT_FLAG], "")).toBe(true);
    expect(hasHeapLimit([], "--enable-source-maps --max-old-space-size=512")).toBe(true);
    expect(hasHeapLimit(["--max_old_space_size=300"], "")).toBe(true);
  });

  it("is missing when neither sets it", () => {
    expect(hasHeapLimit([], "")).toBe(false);
    expect(hasHeapLimit(["--enable-source-maps"], "--max-semi-space-size=8")).toBe(false);
  });

  it("adds the young generation's cap too, and neither flag an operator set", () => {
    expect(serverHeapFlags([], "")).toEqual(["--max-old-space-size=160", "--max-semi-space-size=8"]);
    expect(serverHeapFlags([], "--max-old-space-size=512")).toEqual(["--max-semi-space-size=8"]);
    expect(serverHeapFlags(["--max_semi_space_size=16"], "")).toEqual(["--max-old-space-size=160"]);
    expect(serverHeapFlags([HEAP_LIMIT_FLAG], "--max-semi-space-size=2")).toEqual([]);
  });

  it("gives the server two malloc arenas, unless the operator chose a number", () => {
    expect(serverMallocEnv({})).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(serverMallocEnv({ MALLOC_ARENA_MAX: "4" })).toEqual({ MALLOC_ARENA_MAX: "4" });
  });
});
