/**
 * Reads that many article pages share, kept in memory per database as trending is (decision record
 * 020): the newest stories of each category with their tags, where related stories look first, and the
 * cards related stories show (the newest stories of each category, so the same few on thousands of
 * pages). Dropped when what is published changes (`everything`), a card when its story changes, and
 * everything after a minute: views move without a signal and a scheduled story appears without one.
 */
import type { Db, DbOrTx } from "#app/db/client.server";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";

const MAX_AGE_MS = 60_000;
/** Cards kept at most per database (about a kilobyte each). */
const MAX_CARDS = 2000;

export interface CategoryHead {
  /** The category's newest published stories, newest first. */
  rows: Array<{ id: string; tagSlugs: string[] }>;
  /** Every published story of the category is in `rows`. */
  complete: boolean;
}

interface Memory {
  heads: Map<string, { head: Promise<CategoryHead>; at: number }>;
  cards: Map<string, { card: unknown; at: number }>;
}

const memories = new WeakMap<DbOrTx, Memory>();

function memoryOf(db: DbOrTx): Memory {
  let memory = memories.get(db);
  if (!memory) {
    const created: Memory = { heads: new Map(), cards: new Map() };
    onSiteChange(db as Db, (change) => {
      if (change.scope === "everything") {
        created.heads.clear();
        created.cards.clear();
        return;
      }
      created.cards.delete(change.articleId);
    });
    memories.set(db, created);
    memory = created;
  }
  return memory;
}

/**
 * A category's head in an edition (`key`: the edition's tag and the category's id), read by `load` when it
 * is not in memory or is a minute old.
 */
export function categoryHead(
  db: DbOrTx,
  key: string,
  load: () => Promise<CategoryHead>,
  now = Date.now(),
): Promise<CategoryHead> {
  const { heads } = memoryOf(db);
  const kept = heads.get(key);
  if (kept && now - kept.at < MAX_AGE_MS) return kept.head;
  const head = load();
  const entry = { head, at: now };
  heads.set(key, entry);
  head.catch(() => {
    if (heads.get(key) === entry) heads.delete(key);
  });
  return head;
}

/** The cards of `ids` in that order, those not in memory read by `load` (which may return them in any order). */
export async function cardsInMemory<Card extends { id: string }>(
  db: DbOrTx,
  ids: string[],
  load: (missing: string[]) => Promise<Card[]>,
  now = Date.now(),
): Promise<Card[]> {
  const { cards } = memoryOf(db);
  const found = new Map<string, Card>();
  for (const id of ids) {
    const kept = cards.get(id);
    if (kept && now - kept.at < MAX_AGE_MS) found.set(id, kept.card as Card);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    for (const card of await load(missing)) {
      found.set(card.id, card);
      cards.delete(card.id);
      cards.set(card.id, { card, at: now });
    }
    for (const oldest of cards.keys()) {
      if (cards.size <= MAX_CARDS) break;
      cards.delete(oldest);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
