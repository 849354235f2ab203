/**
 * A real Varnish (Debian's varnish 7 and varnish-modules, which .ci/run installs) started by a test with
 * the shipped deploy/varnish.vcl, its two backends pointed at the ports the test's instances listen on.
 * Each runs in a working folder of its own, in the foreground (-F) and without privilege separation
 * (-j none: tests run as root, and Varnish's own users need not reach the temporary folder).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, waitFor } from "./server-processes";

export const VARNISHD = "/usr/sbin/varnishd";
export const SHIPPED_VCL = path.resolve("deploy/varnish.vcl");

/** The shipped configuration with its two backends' ports (3001 and 3002, each written once) replaced. */
export async function vclWithBackends(ports: readonly [number, number]): Promise<string> {
  const vcl = await readFile(SHIPPED_VCL, "utf8");
  const replaced = vcl.replace(/\b3001\b/, String(ports[0])).replace(/\b3002\b/, String(ports[1]));
  if (replaced === vcl || !replaced.includes(String(ports[1])))
    throw new Error("deploy/varnish.vcl no longer names its backends' ports 3001 and 3002 once each");
  return replaced;
}

export interface RunningVarnish {
  origin: string;
  port: number;
  /** Everything varnishd printed: for a failure's message. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts varnishd with `vcl` on a free port; resolves once it answers (any status). */
export async function startVarnish(vcl: string): Promise<RunningVarnish> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "newsdesk-varnish-"));
  const vclFile = path.join(folder, "site.vcl");
  await writeFile(vclFile, vcl);
  const port = await freePort();
  const child: ChildProcess = spawn(
    VARNISHD,
    ["-F", "-j", "none", "-n", path.join(folder, "work"), "-a", `127.0.0.1:${port}`, "-f", vclFile, "-s", "malloc,64m"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await waitFor(() => `varnishd answering on ${port}: ${output}`, async () => {
      if (child.exitCode !== null) throw new Error("varnishd exited");
      await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1_000) });
      return true;
    }, 20_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, port, output: () => output, stop };
}
