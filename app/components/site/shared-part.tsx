/**
 * A part of a reader page that many pages share (the header, the categories bar, the footer), rendered
 * once and then reused as HTML (decision record 020). Where the reader pages' renderer is at work it
 * gives a `SharedPartsSession`: a part it has kept is written as a placeholder that the session fills
 * in after the render; a part it has not is rendered in place, between markers, so that it has the same
 * context (route data, address) as any other part of the page, and the session keeps what lies between.
 * Anywhere else (a page React Router renders, a test) the part is simply rendered. `shows` is what the
 * part shows besides its navigation marks: everything that can make two renders of it differ.
 * Parts may nest (a card inside a kept list): a part kept whole holds the cards as they were.
 */
import { createContext, createElement, useContext, type ReactNode } from "react";
import type { FragmentCache, NavMark } from "#app/domain/delivery/fragment-cache.server";

const TAG = "nd-part";

export class SharedPartsSession {
  private readonly generation: number;
  private readonly filled = new Map<string, string>();
  private readonly captured = new Map<string, { key: string; marks: NavMark[] }>();
  private count = 0;
  /**
   * The page's language (decision record 022, point 5): a part that shows the same data in two editions
   * (the header where no category name was translated) is kept once per language, since its texts differ.
   */
  private language = "";
  /** Unguessable within a page, so no text of the page can pass for a marker. */
  private readonly prefix = Math.random().toString(36).slice(2, 10);

  /** Started before the page's data is read: a purge meanwhile keeps what this render makes out of the cache. */
  constructor(
    private readonly cache: FragmentCache,
    private readonly pathname: string,
  ) {
    this.generation = cache.generation;
  }

  /** Set from the site layout's data before the render. */
  speaks(language: string) {
    this.language = language;
  }

  part(shows: string): { token: string; html?: string; marks: NavMark[] } {
    const token = `${this.prefix}-${this.count++}`;
    const key = `${this.language}\u0000${shows}`;
    const kept = this.cache.get(key, this.pathname);
    if (kept) {
      this.filled.set(token, kept.html);
      return { token, html: kept.html, marks: kept.marks };
    }
    const marks: NavMark[] = [];
    this.captured.set(token, { key, marks });
    return { token, marks };
  }

  /**
   * The rendered page with kept parts filled in, and parts rendered now kept and unmarked, in one pass
   * over the page's markers: a part rendered now is kept as it reads once its own inner parts are
   * filled in and unmarked (markers nest, the innermost closes first).
   */
  finish(html: string): string {
    // Sticky: tried only where `indexOf` (far faster than a regular expression's scan) found a tag.
    const marker = new RegExp(`<${TAG} data-(fill|open|close)="(${this.prefix}-\\d+)"></${TAG}>`, "y");
    const start = `<${TAG} data-`;
    const pieces: string[] = [];
    const open: Array<{ token: string; at: number }> = [];
    let last = 0;
    for (let at = html.indexOf(start); at !== -1; at = html.indexOf(start, at + 1)) {
      marker.lastIndex = at;
      const match = marker.exec(html);
      if (!match) continue;
      pieces.push(html.slice(last, at));
      last = at + match[0].length;
      const [, kind, token] = match as unknown as [string, "fill" | "open" | "close", string];
      if (kind === "fill") pieces.push(this.filled.get(token) ?? "");
      else if (kind === "open") open.push({ token, at: pieces.length });
      else if (open.at(-1)?.token === token) {
        const { at: from } = open.pop()!;
        const part = pieces.splice(from).join("");
        const captured = this.captured.get(token);
        if (captured) this.cache.set(captured.key, part, captured.marks, this.generation);
        pieces.push(part);
      }
    }
    pieces.push(html.slice(last));
    return pieces.join("");
  }
}

export const SharedPartsContext = createContext<SharedPartsSession | null>(null);
/** The marks of every part being kept around this point, innermost last. */
const NavMarksContext = createContext<NavMark[][]>([]);

/** A navigation link tells every part being kept around it how it was marked. */
export function useNavMarks() {
  const enclosing = useContext(NavMarksContext);
  return { push: (mark: NavMark) => enclosing.forEach((marks) => marks.push(mark)) };
}

export function SharedPart({ name, shows, children }: { name: string; shows: unknown; children: ReactNode }) {
  const session = useContext(SharedPartsContext);
  const enclosing = useContext(NavMarksContext);
  if (!session) return children;
  const part = session.part(`${name}\u0000${JSON.stringify(shows)}`);
  if (part.html !== undefined) {
    // A kept part inside one being kept: the outer one is marked as the inner one was.
    for (const marks of enclosing) marks.push(...part.marks);
    return createElement(TAG, { "data-fill": part.token });
  }
  return (
    <NavMarksContext.Provider value={[...enclosing, part.marks]}>
      {createElement(TAG, { "data-open": part.token })}
      {children}
      {createElement(TAG, { "data-close": part.token })}
    </NavMarksContext.Provider>
  );
}
