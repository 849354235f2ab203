// The server's JavaScript heap limit. V8 sizes its heap for the machine, and on a large one it lets
// garbage pile up: under load the server grew by some 200 MB of old-generation garbage with nothing
// live in it (`npm run bench`). A limit makes V8 collect sooner; the live set of a running site is a
// few dozen MB (the page cache's bytes live outside this heap). Operators can set their own with
// NODE_OPTIONS=--max-old-space-size=N.
export const SERVER_HEAP_MB = 160;
export const HEAP_LIMIT_FLAG = `--max-old-space-size=${SERVER_HEAP_MB}`;

/** True when the process was started with a heap limit, on its command line or in NODE_OPTIONS. */
export function hasHeapLimit(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) =>
    /^--max[-_]old[-_]space[-_]size(=|$)/.test(flag),
  );
}
