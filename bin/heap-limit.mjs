// The server's JavaScript heap limits. V8 sizes its heap for the machine, and on a large one it lets
// garbage pile up: under load the server grew by some 200 MB of old-generation garbage with nothing
// live in it (`npm run bench`). A limit makes V8 collect sooner; the live set of a running site is a
// few dozen MB (the page cache's bytes live outside this heap). The young generation is capped too:
// V8's default (16 MB semi-spaces) held 14-20 MB more at peak than 8 MB ones while the server rendered
// a sweep of 100,000 stories, for no measurable speed (docs/performance.md). Operators can set their
// own with NODE_OPTIONS (e.g. --max-old-space-size=N); a flag they set is not overridden.
export const SERVER_HEAP_MB = 160;
export const SERVER_SEMI_SPACE_MB = 8;
export const HEAP_LIMIT_FLAG = `--max-old-space-size=${SERVER_HEAP_MB}`;
const SEMI_SPACE_FLAG = `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`;

/** True when the process was started with a heap limit, on its command line or in NODE_OPTIONS. */
export function hasHeapLimit(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  return hasFlag("max-old-space-size", execArgv, nodeOptions);
}

/** The server's heap flags that neither the command line nor NODE_OPTIONS sets already. */
export function serverHeapFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  return [
    ...(hasHeapLimit(execArgv, nodeOptions) ? [] : [HEAP_LIMIT_FLAG]),
    ...(hasFlag("max-semi-space-size", execArgv, nodeOptions) ? [] : [SEMI_SPACE_FLAG]),
  ];
}

function hasFlag(name, execArgv, nodeOptions) {
  // V8 accepts dashes or underscores; `--name=N` or `--name N`.
  const pattern = new RegExp(`^--${name.replace(/-/g, "[-_]")}(=|$)`);
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) => pattern.test(flag));
}

// glibc's malloc gives each thread that allocates an arena of its own, up to 8 per core, and keeps what
// they freed. The server's threads (libuv's pool compressing pages with gzip and brotli, sharp, V8's
// helpers) left 5-8 arenas of 7-30 MB each resident: at 100,000 stories a sweep with the page cache on
// peaked at 392 MB, 360 MB with two arenas, at the same CPU per request (docs/performance.md). An
// operator's own MALLOC_ARENA_MAX is kept.
export const SERVER_MALLOC_ARENAS = "2";

/** The environment variables of the server's process that tune its native memory, unless already set. */
export function serverMallocEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || SERVER_MALLOC_ARENAS };
}
