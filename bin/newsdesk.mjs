#!/usr/bin/env node
// Runs a command of the compiled server bundle: `start` (the site), `user:create`, `import`.
// Builds the app first when there is no build yet or the sources are newer (see ensure-build.mjs).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "../scripts/ensure-build.mjs";

// The compiled server is the production server, whatever the shell says (development would show
// error details to readers and drop the Secure flag of cookies).
process.env.NODE_ENV = "production";
const [command = "start", ...args] = process.argv.slice(2);
const buildDir = process.env.BUILD_DIR ?? "build";
ensureBuild(buildDir);
const { commands } = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
if (!(command in commands)) {
  console.error(`Unknown command "${command}". Commands: ${Object.keys(commands).join(", ")}.`);
  process.exit(2);
}
await commands[command](args);
