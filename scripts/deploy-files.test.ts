/**
 * The deployment files of the operations guide (deploy/) are read by the programs that will run them:
 * varnishd compiles deploy/varnish.vcl (its behaviour: scripts/varnish-vcl.test.ts), nginx checks each
 * site file with real certificate files in place of Let's Encrypt's. The files agree on their ports,
 * and the guide links to them rather than keeping copies that could drift.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLoopbackCertificate } from "#test-support/loopback-certificate";
import { hasVarnish, VARNISH_VCL } from "./varnish";

const NGINX_SITES = ["deploy/nginx.conf", "deploy/nginx-varnish.conf"] as const;
const LETSENCRYPT = "/etc/letsencrypt/live/news.example.com/";
const read = (file: string) => readFile(path.resolve(file), "utf8");
const needs = "(needs varnishd, the xkey vmod and nginx: .ci/run installs them)";
// CI installs them (.ci/run): there a missing one fails rather than skips.
const hasNginx = spawnSync("nginx", ["-v"]).status === 0;
const runsPrograms = (hasVarnish() && hasNginx) || Boolean(process.env.CI);

describe.runIf(runsPrograms)(`the deployment files, read by their programs ${needs}`, () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "newsdesk-deploy-files-"));
    const { key, certificate } = await createLoopbackCertificate("news.example.com");
    await writeFile(path.join(folder, "fullchain.pem"), certificate);
    await writeFile(path.join(folder, "privkey.pem"), key, { mode: 0o600 });
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  test("varnishd compiles deploy/varnish.vcl", () => {
    const compiled = spawnSync("varnishd", ["-C", "-f", VARNISH_VCL], { encoding: "utf8" });
    // -C prints the C source on success, the VCL compiler's complaint otherwise.
    expect(compiled.status, compiled.stderr.slice(-2000)).toBe(0);
  });

  test.each(NGINX_SITES)("nginx -t accepts %s inside an http block", async (site) => {
    const text = (await read(site)).replaceAll(LETSENCRYPT, `${folder}/`);
    expect(text).toContain(`${folder}/fullchain.pem`);
    const sitePath = path.join(folder, path.basename(site));
    await writeFile(sitePath, text);
    // A main file of its own: nothing of /etc/nginx is read, nothing under /var is written.
    const main = path.join(folder, `main-${path.basename(site)}`);
    const temp = (name: string) => `${name}_temp_path ${folder}/${name}`;
    await writeFile(
      main,
      [
        `pid ${folder}/nginx.pid;`,
        `error_log ${folder}/error.log;`,
        "events {}",
        "http {",
        "  access_log off;",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${temp(name)};`),
        `  include ${sitePath};`,
        "}",
      ].join("\n"),
    );
    const checked = spawnSync("nginx", ["-t", "-p", folder, "-c", main], { encoding: "utf8" });
    expect(checked.status, checked.stderr).toBe(0);
  });
});

describe("the deployment files agree", () => {
  test("the app's ports are the same in the unit's guide, nginx.conf and varnish.vcl", async () => {
    const vcl = await read("deploy/varnish.vcl");
    const backendPorts = [...vcl.matchAll(/\.port = "(\d+)";/g)].map((match) => match[1]);
    expect(backendPorts).toEqual(["3001", "3002"]);
    const upstream = [...(await read("deploy/nginx.conf")).matchAll(/server 127\.0\.0\.1:(\d+)/g)];
    expect(upstream.map((match) => match[1])).toEqual(backendPorts);
    const guide = await read("docs/operations.md");
    expect(guide.includes("systemctl enable --now newsdesk@3001 newsdesk@3002")).toBe(true);
  });

  test("nginx-varnish.conf sends to where varnish.service listens, which runs the guide's VCL path", async () => {
    const unit = await read("deploy/varnish.service");
    const listen = /-a (\S+)/.exec(unit)?.[1];
    expect(listen).toBe("127.0.0.1:6081");
    expect(await read("deploy/nginx-varnish.conf")).toContain(`server ${listen};`);
    expect(unit).toContain("-f /etc/varnish/newsdesk.vcl");
    expect((await read("docs/operations.md")).includes("/etc/varnish/newsdesk.vcl")).toBe(true);
  });

  test("the operations guide links every deployment file and keeps no copy of one", async () => {
    const guide = await read("docs/operations.md");
    for (const file of [
      "nginx.conf",
      "nginx-varnish.conf",
      "varnish.vcl",
      "varnish.service",
      "newsdesk@.service",
    ])
      expect(guide.includes(`](../deploy/${file})`), `a link to deploy/${file}`).toBe(true);
    // A copy in the guide drifts from the file; the guide names what to change and links the file.
    expect(guide).not.toMatch(/^```(nginx|ini|vcl)\s*$/m);
  });
});
