#!/usr/bin/env node
// Runs a command of the compiled server bundle: `start` (the site), `user:create`, `import`.
// Builds the app first when there is no build yet or the sources are newer (see ensure-build.mjs).
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { HEAP_LIMIT_FLAG, hasHeapLimit } from "./heap-limit.mjs";

// The compiled server is the production server, whatever the shell says (development would show
// error details to readers and drop the Secure flag of cookies).
process.env.NODE_ENV = "production";
const [command = "start", ...args] = process.argv.slice(2);

// The server runs with a heap limit (see heap-limit.mjs): started without one, this process starts
// the server again with it and passes on what it is told and how the server ends.
if (command === "start" && !hasHeapLimit()) {
  const server = spawn(process.execPath, [HEAP_LIMIT_FLAG, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await run();
}

async function run() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  ensureBuild(buildDir);
  const { commands } = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
  if (!(command in commands)) {
    console.error(`Unknown command "${command}". Commands: ${Object.keys(commands).join(", ")}.`);
    process.exit(2);
  }
  await commands[command](args);
}
