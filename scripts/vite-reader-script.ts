/**
 * The reader pages' enhancement script (app/reader/reader.ts) as a file of its own, and its address for
 * the server (decision record 005).
 *
 * React Router's client build puts every entry into one module graph, so a module the script shares
 * with the back office (the toast styles, the form rules) would become a shared chunk that the script
 * imports: a second round trip on a slow phone before anything is wired. The script is therefore
 * bundled by a separate Vite build, standalone and minified, and emitted into the client build as
 * `assets/reader-<hash>.js` (cached for a year like every hashed asset); the lite pages' script the
 * same way, as `assets/reader-lite-<hash>.js`.
 *
 * `import readerScriptUrl, { liteScriptUrl } from "virtual:reader-script"` gives their addresses: in development the source
 * file, which Vite serves compiled; in the server build the file the client build wrote (the client is
 * always built first, because the server build needs its manifest).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rollup } from "vite";

/**
 * The scripts, each bundled alone: the full one, and the lite pages' (app/reader/lite.ts: a reader who
 * saves data gets only what a lite page needs, decision record 019).
 */
const SCRIPTS = [
  { name: "reader", entry: "app/reader/reader.ts", exportAs: "default" },
  { name: "reader-lite", entry: "app/reader/lite.ts", exportAs: "liteScriptUrl" },
] as const;
const VIRTUAL_ID = "virtual:reader-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type Script = (typeof SCRIPTS)[number];
const exportLine = (script: Script, url: string) =>
  script.exportAs === "default"
    ? `export default ${JSON.stringify(url)};`
    : `export const ${script.exportAs} = ${JSON.stringify(url)};`;

async function bundleReaderScript(root: string, entryFile: string): Promise<string> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: "warn",
    resolve: { alias: [{ find: /^#app\//, replacement: `${path.resolve(root, "app")}/` }] },
    build: {
      write: false,
      modulePreload: false,
      rollupOptions: {
        input: path.resolve(root, entryFile),
        // Everything in one file: a dynamic import would be a second round trip.
        output: { format: "es", codeSplitting: false, entryFileNames: "reader.js" },
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const entry = chunks.find((chunk): chunk is Rollup.OutputChunk => chunk.type === "chunk" && chunk.isEntry);
  if (!entry || chunks.length !== 1) throw new Error(`${entryFile} must build to exactly one file`);
  return entry.code;
}

export function readerScript(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "serve";
  let isSsrBuild = false;
  let outDir = "";
  return {
    name: "newsdesk-reader-script",
    configResolved(config) {
      root = config.root;
      command = config.command;
      isSsrBuild = Boolean(config.build.ssr);
      outDir = path.resolve(root, config.build.outDir);
    },
    async generateBundle() {
      if (command !== "build" || isSsrBuild) return;
      for (const script of SCRIPTS) {
        const code = await bundleReaderScript(root, script.entry);
        const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
        this.emitFile({ type: "asset", fileName: `assets/${script.name}-${hash}.js`, source: code });
      }
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (command === "serve")
        return SCRIPTS.map((script) => exportLine(script, `/${script.entry}`)).join("\n");
      // The browser never renders a reader page (root.tsx), so the client build needs no address.
      if (!isSsrBuild) return SCRIPTS.map((script) => exportLine(script, "")).join("\n");
      // React Router builds into <buildDirectory>/client and <buildDirectory>/server.
      const assets = path.resolve(outDir, "../client/assets");
      const names = fs.existsSync(assets) ? fs.readdirSync(assets) : [];
      return SCRIPTS.map((script) => {
        // The name and the 8-character hash exactly: `reader-lite-<hash>` is not a `reader-<hash>`.
        const files = names.filter((f) => new RegExp(`^${script.name}-[\\w-]{8}\\.js$`).test(f));
        if (files.length !== 1)
          throw new Error(
            `Expected one ${script.name} script in ${assets}, found ${files.length}: build the client first`,
          );
        return exportLine(script, `/assets/${files[0]}`);
      }).join("\n");
    },
  };
}
