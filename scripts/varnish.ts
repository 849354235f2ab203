/**
 * A real varnishd running deploy/varnish.vcl (for tests and the bench), in front of backends at free ports: the VCL's
 * backend block names each port once (3001, 3002), and `vclWithBackendPorts` rewrites those. Varnish
 * runs in the foreground (-F) with its working folder in a temporary folder (-n), so tests in parallel
 * never share one; as root it keeps root for its workers (-j none): the Debian package's `vcache` user
 * may not exist on a machine where varnishd was not installed by the package.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, waitFor } from "../tests/support/server-processes";

export const VARNISH_VCL = path.resolve("deploy/varnish.vcl");
const XKEY_VMOD = "/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so";
const DEPLOYED_PORTS = ["3001", "3002"] as const;

/** Whether varnishd and the xkey vmod the VCL imports are installed (.ci/run installs them). */
export function hasVarnish(): boolean {
  return spawnSync("varnishd", ["-V"]).status === 0 && existsSync(XKEY_VMOD);
}

/** The VCL with its backends at `ports` (each deployed port is written once, in the backend block). */
export function vclWithBackendPorts(vcl: string, ports: readonly [number, number]): string {
  let text = vcl;
  DEPLOYED_PORTS.forEach((deployed, index) => {
    const literal = `.port = "${deployed}";`;
    if (text.split(literal).length !== 2) throw new Error(`the VCL names ${literal} other than once`);
    text = text.replace(literal, `.port = "${ports[index]}";`);
  });
  return text;
}

export interface RunningVarnish {
  url: string;
  port: number;
  /** What varnishd printed, for a failing test's message. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts varnishd on a free port with `vcl` (the deployed one with its backends moved, or any other
 * text) and waits until it answers. Its probes need a moment more to call the backends healthy.
 */
export async function startVarnish(vcl: string): Promise<RunningVarnish> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "newsdesk-varnish-"));
  const vclPath = path.join(folder, "newsdesk.vcl");
  await writeFile(vclPath, vcl);
  const port = await freePort();
  const args = ["-F", "-n", path.join(folder, "work"), "-a", `127.0.0.1:${port}`, "-f", vclPath];
  // No management port (-T none); a small store is enough for tests.
  args.push("-T", "none", "-s", "malloc,32m");
  if (process.getuid?.() === 0) args.push("-j", "none");
  const child = spawn("varnishd", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => stopProcess(child).then(() => rm(folder, { recursive: true, force: true }));
  try {
    await waitFor(
      () => `varnishd on ${port} (${output})`,
      async () => child.exitCode === null && (await fetch(`http://127.0.0.1:${port}/`)).status > 0,
      20_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, output: () => output, stop };
}

/** The deployed VCL, read from deploy/, with its backends at `ports`. */
export async function deployedVcl(ports: readonly [number, number]): Promise<string> {
  return vclWithBackendPorts(await readFile(VARNISH_VCL, "utf8"), ports);
}

/** SIGTERM, then SIGKILL after 5 s: varnishd's manager stops its child before it exits. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
