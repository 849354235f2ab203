/**
 * A word-level diff for the revision history: what was removed and added between two texts, so an
 * editor reviewing a change reads it in place rather than comparing two versions by eye. Isomorphic and
 * dependency-free (no diff package is installed; the reader bundle never loads it).
 *
 * Myers' O(ND) algorithm on word tokens (whitespace kept as its own tokens so the text rebuilds
 * exactly): a one-word fix in a 3,000-word story costs a few thousand steps, where a table of every
 * pair of words would hold 9 million cells.
 */

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

/** Words and the whitespace between them, in order; joining the tokens gives the text back. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Past this many differing tokens the diff gives up on detail and shows old removed, new added. */
const MAX_EDIT_DISTANCE = 4000;

function myers(a: readonly string[], b: readonly string[]): DiffPart[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d, offset);
    }
  }
  return null;
}

function backtrack(
  trace: Int32Array[],
  a: readonly string[],
  b: readonly string[],
  dEnd: number,
  offset: number,
): DiffPart[] {
  const parts: DiffPart[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const fromInsert = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = fromInsert ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      parts.push({ kind: "same", text: a[--x]! });
      y--;
    }
    if (fromInsert) parts.push({ kind: "added", text: b[--y]! });
    else parts.push({ kind: "removed", text: a[--x]! });
  }
  while (x > 0 && y > 0) {
    parts.push({ kind: "same", text: a[--x]! });
    y--;
  }
  return parts.reverse();
}

/** Neighbouring parts of the same kind become one, so the page shows phrases, not single words. */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = out.at(-1);
    if (last && last.kind === part.kind) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}

/** The parts that turn `before` into `after`, word by word. */
export function diffWords(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: "same", text: before }] : [];
  const a = tokenize(before);
  const b = tokenize(after);
  // The common start and end need no search (most edits touch one place of a long body).
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  const middle = myers(middleA, middleB) ?? [
    { kind: "removed" as const, text: middleA.join("") },
    { kind: "added" as const, text: middleB.join("") },
  ];
  return merge([
    { kind: "same", text: a.slice(0, start).join("") },
    ...middle,
    { kind: "same", text: a.slice(a.length - end).join("") },
  ]);
}
