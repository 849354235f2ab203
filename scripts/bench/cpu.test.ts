/** The CPU split reads /proc's text; a misread field would print a split that looks plausible. */
import { describe, expect, test } from "vitest";
import {
  cpuRoom,
  cpuSnapshot,
  cpuSplit,
  describeSplit,
  parsePidStat,
  parseProcStat,
  serverMsPerRequest,
} from "./cpu";

describe("reading /proc", () => {
  test("/proc/stat: all jiffies of the first line's eight fields, idle with iowait, and the cores", () => {
    const text = `cpu  10574 0 3946 18790 248 0 87 23 0 0
cpu0 6797 0 1776 8225 39 0 13 7 0 0
cpu1 3777 0 2170 10565 209 0 74 16 0 0
intr 1 2 3
`;
    expect(parseProcStat(text)).toEqual({
      cores: 2,
      totalJiffies: 10574 + 3946 + 18790 + 248 + 87 + 23,
      idleJiffies: 18790 + 248,
    });
    expect(parseProcStat("intr 1 2\n")).toBeNull();
  });

  test("a process's stat: utime + stime, a name with spaces and brackets read whole", () => {
    const text =
      "7242 (node (worker) 1) R 7238 7238 4275 0 -1 4194304 101 0 0 0 31 9 0 0 20 0 1 0 17084 3133440 409";
    expect(parsePidStat(text)).toEqual({ name: "node (worker) 1", jiffies: 40 });
    expect(parsePidStat("garbage")).toBeNull();
  });

  test("this process is found in a real snapshot, and its own CPU counts as the server's", () => {
    const before = cpuSnapshot([process.pid]);
    if (!before) return expect(process.platform).not.toBe("linux"); // no /proc: nothing to read
    const until = Date.now() + 60;
    while (Date.now() < until); // a little CPU of our own
    const after = cpuSnapshot([process.pid]);
    expect(after!.serverJiffies.get(process.pid)).toBeGreaterThan(before.serverJiffies.get(process.pid)!);
    expect(after!.totalJiffies).toBeGreaterThan(before.totalJiffies);
  });
});

describe("the split, and the room it leaves", () => {
  const at = (total: number, idle: number, server: number, database: number) => ({
    cores: 2,
    totalJiffies: total,
    idleJiffies: idle,
    serverJiffies: new Map([[10, server]]),
    databaseJiffies: new Map([[20, database]]),
  });

  test("cores' worth of each part over the load; what is busy and neither is the rest", () => {
    // 10 s on 2 cores = 2,000 jiffies: 400 idle, server 1,000, PostgreSQL 200, the rest 400.
    const split = cpuSplit(at(0, 0, 0, 0), at(2000, 400, 1000, 200))!;
    expect(split.cores).toBe(2);
    expect(split.server).toBeCloseTo(1, 9);
    expect(split.database).toBeCloseTo(0.2, 9);
    expect(split.rest).toBeCloseTo(0.4, 9);
    expect(split.idle).toBeCloseTo(0.4, 9);
    expect(describeSplit(split)).toBe(
      "server 1.00, PostgreSQL 0.20, wrk and the rest 0.40, idle 0.40 of 2 cores",
    );
    // 1.6 of 2 cores busy: with the same CPU per request, no number of workers gets past 1.25x.
    expect(cpuRoom(split)).toBeCloseTo(1.25, 5);
    // 1 core of server at 400 requests a second: 2.5 ms of its CPU each.
    expect(serverMsPerRequest(split, 400)).toBeCloseTo(2.5, 9);
  });

  test("a process counts only while it is seen: one started since counts whole, one gone counts nothing", () => {
    const before = {
      ...at(0, 0, 0, 0),
      databaseJiffies: new Map([
        [20, 500],
        [21, 900],
      ]),
    };
    // Backend 21 ended (its 900 jiffies and whatever it used are lost); 22 started and used 100.
    const after = {
      ...at(2000, 400, 1000, 0),
      databaseJiffies: new Map([
        [20, 600],
        [22, 100],
      ]),
    };
    expect(cpuSplit(before, after)!.database).toBeCloseTo(0.2, 9);
  });

  test("no reading, or no time between them: no split", () => {
    expect(cpuSplit(null, at(1, 1, 1, 1))).toBeNull();
    expect(cpuSplit(at(5, 0, 0, 0), at(5, 0, 0, 0))).toBeNull();
  });
});
