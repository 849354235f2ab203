/**
 * Where the machine's CPU went during a load: the server's processes, PostgreSQL's, and the rest (the
 * load generator, wrk, above all), read from /proc before and after. It answers what a ratio alone
 * cannot: whether more workers could have been faster at all. If one process already kept most of the
 * cores busy (the server, the database and wrk together), two workers can at most share out what is
 * left; and whether each request cost the workers more CPU than it cost one process (the workers
 * budget of docs/performance.md).
 */
import fs from "node:fs";

export interface CpuSnapshot {
  /** The cores /proc/stat counts (its cpuN lines). */
  cores: number;
  /** All cores' jiffies since boot, busy and idle (the first line of /proc/stat). */
  totalJiffies: number;
  idleJiffies: number;
  /** utime + stime of each of the server's processes, by pid. */
  serverJiffies: Map<number, number>;
  /** utime + stime of each process named postgres on this machine, by pid (none on PGlite). */
  databaseJiffies: Map<number, number>;
}

/** Cores' worth of CPU over a load (2 = both of two cores the whole time). */
export interface CpuSplit {
  cores: number;
  server: number;
  database: number;
  /** Busy, but neither the server nor PostgreSQL: the load generator, mostly. */
  rest: number;
  idle: number;
}

/** The first line of /proc/stat: total and idle (idle + iowait) jiffies of all cores; and the cores. */
export function parseProcStat(
  text: string,
): { cores: number; totalJiffies: number; idleJiffies: number } | null {
  const line = text.split("\n", 1)[0] ?? "";
  if (!line.startsWith("cpu ")) return null;
  // user nice system idle iowait irq softirq steal (guest and guest_nice are already inside user/nice).
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return null;
  return {
    cores: text.match(/^cpu\d+ /gm)?.length ?? 1,
    totalJiffies: fields.reduce((sum, n) => sum + n, 0),
    idleJiffies: (fields[3] ?? 0) + (fields[4] ?? 0),
  };
}

/** A process's name and utime + stime from its /proc/<pid>/stat (the name may hold spaces and brackets). */
export function parsePidStat(text: string): { name: string; jiffies: number } | null {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  // After the name: state is field 3, so utime (14) and stime (15) are the 12th and 13th from here.
  const after = text.slice(close + 2).split(" ");
  const utime = Number(after[11]);
  const stime = Number(after[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return { name: text.slice(open + 1, close), jiffies: utime + stime };
}

function readPidStat(pid: number) {
  try {
    return parsePidStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null; // gone since it was listed
  }
}

/** Now's reading, or null where /proc is not there. */
export function cpuSnapshot(serverPids: readonly number[]): CpuSnapshot | null {
  let machine;
  try {
    machine = parseProcStat(fs.readFileSync("/proc/stat", "utf8"));
  } catch {
    return null;
  }
  if (!machine) return null;
  const serverJiffies = new Map<number, number>();
  for (const pid of serverPids) {
    const stat = readPidStat(pid);
    if (stat) serverJiffies.set(pid, stat.jiffies);
  }
  const databaseJiffies = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readPidStat(Number(entry));
    if (stat?.name === "postgres") databaseJiffies.set(Number(entry), stat.jiffies);
  }
  return { ...machine, serverJiffies, databaseJiffies };
}

/**
 * The split between two readings, in cores. Each process counts what it used between them (all of it
 * when it started since); one that ended in between takes its jiffies with it (counted in `rest`): the
 * server's pool keeps its connections, so that is rare.
 */
export function cpuSplit(before: CpuSnapshot | null, after: CpuSnapshot | null): CpuSplit | null {
  if (!before || !after) return null;
  const { cores } = after;
  const total = after.totalJiffies - before.totalJiffies;
  if (total <= 0) return null;
  // /proc/stat counts every core's jiffies: total / cores of them passed on the clock.
  const inCores = (jiffies: number) => (jiffies * cores) / total;
  const busy = inCores(total - (after.idleJiffies - before.idleJiffies));
  const server = inCores(usedBetween(before.serverJiffies, after.serverJiffies));
  const database = inCores(usedBetween(before.databaseJiffies, after.databaseJiffies));
  return {
    cores,
    server,
    database,
    rest: Math.max(0, busy - server - database),
    idle: Math.max(0, cores - busy),
  };
}

function usedBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, jiffies] of after) used += jiffies - (before.get(pid) ?? 0);
  return used;
}

/**
 * The room a split leaves more workers, as a multiple of the rate measured with it: the cores over the
 * cores busy. It holds only if each request costs the same CPU (server, database, load generator)
 * whoever serves it: workers that each pay more per request (caches of their own, two heaps in the
 * processor's caches) fall short of it, and a process that was held back by its one main thread can
 * pass it (compare the server's CPU per request, below).
 */
export function cpuRoom(split: CpuSplit): number | null {
  const busy = split.server + split.database + split.rest;
  return busy > 0 ? split.cores / busy : null;
}

/** The server's CPU per request, in ms: its cores over the requests a second. */
export function serverMsPerRequest(split: CpuSplit, requestsPerSecond: number): number | null {
  return requestsPerSecond > 0 ? (split.server * 1000) / requestsPerSecond : null;
}

/** "server 1.00, PostgreSQL 0.12, wrk and the rest 0.61, idle 0.27 of 2 cores". */
export function describeSplit(split: CpuSplit): string {
  const f = (n: number) => n.toFixed(2);
  return `server ${f(split.server)}, PostgreSQL ${f(split.database)}, wrk and the rest ${f(split.rest)}, idle ${f(split.idle)} of ${split.cores} cores`;
}
