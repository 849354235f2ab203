import { expect, test } from "vitest";
import { WorkGate } from "./image-gate.server";

test("work goes through one at a time, in arrival order, and a failure frees the gate", async () => {
  const gate = new WorkGate(1);
  const order: string[] = [];
  let running = 0;
  const job = (name: string, fail = false) =>
    gate.run(async () => {
      running++;
      expect(running).toBe(1);
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([job("a"), job("b", true), job("c"), job("d")]);
  expect(order).toEqual(["a", "b", "c", "d"]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
  expect(gate.peak).toBe(1);
});
