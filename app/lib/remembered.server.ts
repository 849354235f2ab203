/**
 * Reader data kept in memory per database handle (settings, navigation categories, trending): the
 * layout of every public page needs it, and reading it from the database on every request cost more
 * than the page's own query. Each value is loaded once, shared by the requests that ask while it loads,
 * and dropped when the owner says it changed (`forget`, usually from `onSiteChange`) or when it is older
 * than `maxAgeMs`. Nothing is shared between two databases (tests each open their own).
 */

interface Entry<T> {
  value: Promise<T>;
  loadedAt: number;
  generation: number;
}

interface Remembered<K extends object, T> {
  get(key: K, now?: number): Promise<T>;
  /** Drops what is remembered for one database. */
  forget(key: K): void;
  /** Drops what is remembered for every database (a write that cannot name its handle). */
  forgetAll(): void;
}

export function remembered<K extends object, T>(
  load: (key: K) => Promise<T>,
  options: { maxAgeMs?: number; onFirstUse?: (key: K, forget: () => void) => void } = {},
): Remembered<K, T> {
  const entries = new WeakMap<K, Entry<T>>();
  const watched = new WeakSet<K>();
  let generation = 0;
  const forget = (key: K) => entries.delete(key);
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      const fresh =
        entry &&
        entry.generation === generation &&
        (options.maxAgeMs === undefined || now - entry.loadedAt < options.maxAgeMs);
      if (entry && fresh) return entry.value;
      if (!watched.has(key)) {
        watched.add(key);
        options.onFirstUse?.(key, () => forget(key));
      }
      const value = load(key);
      const created: Entry<T> = { value, loadedAt: now, generation };
      entries.set(key, created);
      // A failed load is not remembered: the next request tries again.
      value.catch(() => {
        if (entries.get(key) === created) entries.delete(key);
      });
      return value;
    },
    forget,
    forgetAll() {
      generation++;
    },
  };
}
