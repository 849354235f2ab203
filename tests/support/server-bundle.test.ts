import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { bundleReach, isRuntimePackage, testSupportDeclared, testSupportNames } from "./server-bundle";

const bundle = mkdtempSync(path.join(os.tmpdir(), "newsdesk-bundle-"));
afterAll(() => rmSync(bundle, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(bundle, file)), { recursive: true });
  writeFileSync(path.join(bundle, file), text);
}

write(
  "index.js",
  [
    'import express from "express";',
    'import "./assets/mail.js";',
    'export { helper } from "./assets/helper.js";',
    'export const later = () => import("./assets/later.js");',
  ].join("\n"),
);
write("assets/mail.js", 'import { SMTPServer } from "smtp-server";\nfunction startTestSmtpServer$1() {}\n');
write("assets/helper.js", 'import fs from "node:fs";\nimport path from "path";\nexport const helper = 1;\n');
write("assets/later.js", 'import { x509 } from "@peculiar/x509/sub";\nconst name = "x";\nimport(name);\n');
write("assets/unreached.js", "function startPushService() {}\n");

test("the walk follows import, export-from and import() through the bundle, and only from the entry", () => {
  const reach = bundleReach(bundle, "index.js");
  expect(reach.files).toEqual(["assets/helper.js", "assets/later.js", "assets/mail.js", "index.js"]);
  expect([...reach.packages].sort()).toEqual(["@peculiar/x509", "express", "node:fs", "path", "smtp-server"]);
  expect(reach.computed).toEqual(["assets/later.js: import(name)"]);
});

test("a package is allowed only as a Node built-in or a dependency", () => {
  const dependencies = { express: "^5" };
  expect(["express", "node:fs", "path"].filter((name) => !isRuntimePackage(name, dependencies))).toEqual([]);
  expect(isRuntimePackage("smtp-server", dependencies)).toBe(false);
});

test("a test-support helper declared in a reached file is found, renamed by Rollup too; the app's own names are not", () => {
  const names = testSupportNames(path.resolve("tests/support"));
  expect(names.get("startTestSmtpServer")).toBe("smtp-test-server.ts");
  expect(names.get("startPushService")).toBe("push-service-double.ts");
  const reach = bundleReach(bundle, "index.js");

  expect(testSupportDeclared(bundle, reach.files, names, "")).toEqual([
    "assets/mail.js: startTestSmtpServer (smtp-test-server.ts)",
  ]);
  // A name the app declares itself cannot tell the helper apart, so it is not looked for.
  expect(testSupportDeclared(bundle, reach.files, names, "function startTestSmtpServer() {}")).toEqual([]);
});
