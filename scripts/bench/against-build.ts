/**
 * BENCH_AGAINST's other build: a git ref of this repository, checked out in a worktree of its own
 * (`git worktree add --detach`, under the bench's temporary folder, removed at the end, also on failure),
 * given node_modules and built, ready to be started beside this checkout's build.
 *
 * - node_modules: a hard-link copy (`cp -al`) of this checkout's when the ref's package-lock.json is
 *   this one byte for byte (a second or two, no disk), else `npm ci` there (a minute or more, the
 *   registry asked).
 * - The build: `npm run build` in the worktree (a minute or two on a busy 2-core machine), then kept in
 *   os.tmpdir()/newsdesk-bench-against-<commit>, from which later runs copy it back instead of building.
 *   A commit's build never changes, so the folder is never stale; delete it to build again.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface OtherBuild {
  /** How the report names it: the ref as given, with its short commit when it is a name ("HEAD~1 (03aad00)"). */
  label: string;
  commit: string;
  /** The worktree, where its server is started. */
  root: string;
}

/** Runs a command, its output kept and shown only when it fails (a build prints some 130 lines). */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status === 0) return result.stdout;
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`;
  throw new Error(`[bench] \`${command} ${args.join(" ")}\` failed in ${cwd}:\n${output.trimEnd()}`);
}

/** Where the build of `commit` is kept between runs. */
export function buildCacheDir(commit: string, tmpDir = os.tmpdir()): string {
  return path.join(tmpDir, `newsdesk-bench-against-${commit}`);
}

/** "c21b67c" for a ref that is the commit itself, "HEAD~1 (03aad00)" for a name. */
export function labelOf(ref: string, shortCommit: string): string {
  const r = ref.toLowerCase();
  return shortCommit.startsWith(r) || r.startsWith(shortCommit) ? shortCommit : `${ref} (${shortCommit})`;
}

interface Places {
  /** The checkout whose repository, package-lock.json and node_modules are used. */
  here?: string;
  /** Where builds are kept between runs. */
  cacheRoot?: string;
}

/**
 * Checks `ref` out in `root` (which must not exist), gives it node_modules and a build. On any failure
 * the worktree is removed before the error goes on.
 */
export function prepareOtherBuild(
  ref: string,
  root: string,
  log: (line: string) => void,
  { here = process.cwd(), cacheRoot = os.tmpdir() }: Places = {},
): OtherBuild {
  const found = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], {
    cwd: here,
    encoding: "utf8",
  });
  const commit = found.stdout.trim();
  if (found.status !== 0 || !commit) throw new Error(`[bench] BENCH_AGAINST: "${ref}" is not a commit here`);
  const label = labelOf(ref, run("git", ["rev-parse", "--short", commit], here).trim());
  log(`BENCH_AGAINST: ${label} checked out in ${root}`);
  run("git", ["worktree", "add", "--detach", root, commit], here);
  try {
    giveNodeModules(here, root, commit, log);
    giveBuild(root, buildCacheDir(commit, cacheRoot), label, log);
  } catch (error) {
    removeOtherBuild(root, here);
    throw error;
  }
  return { label, commit, root };
}

/** Removes the worktree and git's note of it; nothing happens when there is none. */
export function removeOtherBuild(root: string, here = process.cwd()) {
  // `--force`: the worktree has untracked files (node_modules, build). Works on a folder already gone.
  spawnSync("git", ["worktree", "remove", "--force", root], { cwd: here, stdio: "ignore" });
  fs.rmSync(root, { recursive: true, force: true });
}

function giveNodeModules(here: string, root: string, commit: string, log: (line: string) => void) {
  const ours = fs.readFileSync(path.join(here, "package-lock.json"), "utf8");
  const theirs = run("git", ["show", `${commit}:package-lock.json`], here);
  if (theirs !== ours) {
    log("  its package-lock.json is not this one: npm ci there (a minute or more)...");
    run("npm", ["ci", "--no-audit", "--no-fund"], root);
    return;
  }
  log("  node_modules: a hard-link copy of this checkout's (the same package-lock.json)");
  run("cp", ["-al", path.join(here, "node_modules"), path.join(root, "node_modules")], here);
  // Tools' caches are rewritten in place: a shared file would change under this checkout too.
  for (const cache of [".vite", ".vite-temp", ".cache"])
    fs.rmSync(path.join(root, "node_modules", cache), { recursive: true, force: true });
}

function giveBuild(root: string, kept: string, label: string, log: (line: string) => void) {
  const build = path.join(root, "build");
  // Copied (not linked) after the checkout: its files are newer than the sources, so the server's own
  // build check (scripts/ensure-build.mjs) finds it current and starts it as it is.
  if (fs.existsSync(path.join(kept, "server", "index.js"))) {
    log(`  its build: the one kept in ${kept}`);
    fs.cpSync(kept, build, { recursive: true });
    return;
  }
  log(`  building ${label} (npm run build)...`);
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  delete env.BUILD_DIR; // into the worktree's own build/, where its server looks
  run("npm", ["run", "build"], root, env);
  log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s; kept in ${kept}`);
  // Copied under another name and renamed: an interrupted copy is never taken for a build.
  const partial = `${kept}.partial-${process.pid}`;
  fs.cpSync(build, partial, { recursive: true });
  try {
    fs.renameSync(partial, kept);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true }); // another run kept the same build meanwhile
  }
}
