#!/usr/bin/env node
// Runs a command of the compiled server bundle: `start` (the site), `user:create`, `import`, `backup`,
// `restore`; `--env-file <file>` among the arguments loads the site's settings file first (env-file.mjs).
// Builds the app first when there is no build yet or the sources are newer (see ensure-build.mjs).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { EnvFileError, loadEnvFile, takeEnvFileOption } from "./env-file.mjs";
import { serverHeapFlags, serverMallocEnv } from "./heap-limit.mjs";
import { supervise } from "./supervise.mjs";

let argv;
try {
  const { file, rest } = takeEnvFileOption(process.argv.slice(2));
  if (file) loadEnvFile(file);
  argv = rest;
} catch (error) {
  if (!(error instanceof EnvFileError)) throw error;
  console.error(`[newsdesk] ${error.message}`);
  process.exit(2);
}

// The compiled server is the production server, whatever the shell says (development would show
// error details to readers and drop the Secure flag of cookies).
process.env.NODE_ENV = "production";
const [command = "start", ...args] = argv;

// `start` runs the server in a child process that is started again when it dies (supervise.mjs), with
// heap limits and malloc's arenas (heap-limit.mjs) unless NODE_OPTIONS or the environment sets them. The
// child is marked by SERVER_MARK.
const SERVER_MARK = "NEWSDESK_SUPERVISED";
if (command === "start" && !process.env[SERVER_MARK]) {
  ensureBuild(process.env.BUILD_DIR ?? "build");
  supervise({
    nodeArgs: [...serverHeapFlags(), ...process.execArgv],
    script: process.argv[1],
    // The settings file is loaded already: the child has its settings in its environment.
    args: argv,
    env: { ...process.env, ...serverMallocEnv(), [SERVER_MARK]: "1" },
  });
} else {
  await run();
}

async function run() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  // Under the supervisor the build was checked before the first start: a restart never builds.
  if (!process.env[SERVER_MARK]) ensureBuild(buildDir);
  const { commands } = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
  if (!(command in commands)) {
    console.error(`Unknown command "${command}". Commands: ${Object.keys(commands).join(", ")}.`);
    process.exit(2);
  }
  await commands[command](args);
}
