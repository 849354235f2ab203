/**
 * Every script, stylesheet and SVG of the client build also written compressed, at the highest levels
 * (brotli 11, gzip 9), next to the file: `reader-<hash>.css.br`, `.gz`. The server sends those as they
 * are (server/static-assets.ts) instead of compressing each answer on the fly at the quick levels, which
 * made the reader stylesheet 8.5 KB in brotli instead of 7.2 (decision record 019).
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg)$/;

/** Writes `<file>.br` and `<file>.gz` for each compressible file directly in `dir`. */
export async function precompressFolder(dir: string): Promise<number> {
  const files = fs.readdirSync(dir).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    files.map(async (name) => {
      const bytes = fs.readFileSync(path.join(dir, name));
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      fs.writeFileSync(path.join(dir, `${name}.br`), br);
      fs.writeFileSync(path.join(dir, `${name}.gz`), gz);
    }),
  );
  return files.length;
}

export function precompressAssets(): Plugin {
  let assetsDir = "";
  let isClientBuild = false;
  return {
    name: "newsdesk-precompress-assets",
    apply: "build",
    configResolved(config) {
      isClientBuild = !config.build.ssr;
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async writeBundle() {
      if (isClientBuild && fs.existsSync(assetsDir)) await precompressFolder(assetsDir);
    },
  };
}
