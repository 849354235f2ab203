// `npm start` builds the app when there is no build yet or the sources are newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const built = "build/server/index.js";
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}
const sources = ["app", "public"].filter((d) => fs.existsSync(d));
const isStale = !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
if (isStale) {
  console.log("[newsdesk] Building the app (first start or changed sources)...");
  execSync("npx react-router build", { stdio: "inherit" });
}
