/**
 * The yardstick: the same pages as static files served by nginx with `gzip_static on` (a .gz made by
 * zlib at level 9 beside each file), the fastest a page can be delivered from this machine. Each page is
 * a flat file (`/home.html`, ...): the path does not change the work nginx does.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { waitFor200 } from "./http";

export const NGINX_PATH =
  [process.env.BENCH_NGINX, "/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => p && fs.existsSync(p)) ?? null;

export interface StaticCopy {
  origin: string;
  /** The URL path of each page's copy, by page name. */
  pathOf: Record<string, string>;
  /** Level-9 gzip size of each page's copy. */
  gzipBytes: Record<string, number>;
  stop(): Promise<void>;
}

function config(dir: string, port: number) {
  return `# written by scripts/bench/nginx.ts
daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  types { text/html html; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip off;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/root;
  }
}
`;
}

/** Writes each page's HTML (and its .gz), starts nginx on 127.0.0.1:`port`, waits until it answers. */
export async function startStaticCopy(
  nginx: string,
  dir: string,
  port: number,
  pages: Record<string, string>,
): Promise<StaticCopy> {
  const root = path.join(dir, "root");
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  fs.mkdirSync(root, { recursive: true });
  const pathOf: Record<string, string> = {};
  const gzipBytes: Record<string, number> = {};
  for (const [name, html] of Object.entries(pages)) {
    const file = path.join(root, `${name}.html`);
    const gz = gzipSync(html, { level: 9 });
    fs.writeFileSync(file, html);
    fs.writeFileSync(`${file}.gz`, gz);
    pathOf[name] = `/${name}.html`;
    gzipBytes[name] = gz.length;
  }
  // When the master runs as root its workers run as nobody: they must be able to reach and read the
  // copies (mkdtemp makes folders only their owner may enter).
  for (const entry of [
    path.dirname(dir),
    dir,
    root,
    ...fs.readdirSync(root).map((f) => path.join(root, f)),
  ]) {
    fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o755 : 0o644);
  }
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, config(dir, port));
  const child = spawn(nginx, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", conf], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      hasExited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (hasExited) return;
    child.kill("SIGTERM"); // fast shutdown: the master stops its workers, then exits
    const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
    if (timedOut) {
      child.kill("SIGKILL");
      await exited;
    }
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${origin}${Object.values(pathOf)[0] ?? "/"}`, 20, () => hasExited);
  } catch (error) {
    await stop();
    const log = fs.existsSync(path.join(dir, "error.log"))
      ? fs.readFileSync(path.join(dir, "error.log"), "utf8").split("\n").slice(-10).join("\n")
      : "";
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { origin, pathOf, gzipBytes, stop };
}
