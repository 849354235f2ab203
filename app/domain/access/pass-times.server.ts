/**
 * When a pass gives access (decision record 021, point 3): from its start, included, to its end,
 * excluded. One rule for every question "does this reader hold a pass running now?" (the access class,
 * the newsletter's readers, the back office's Members list, the account page), so a pass stacked after
 * another, not started yet, never counts as access anywhere.
 *
 * A pass not ended yet (running or upcoming) is another question: where the reader's paid time ends, and
 * where a new pass is stacked (`passNotEndedAt`).
 */
import { and, gt, lte, type AnyColumn, type SQL } from "drizzle-orm";
import { passes } from "#app/db/schema";

/** The columns the rules read: the table, or an alias of it (`alias(passes, "ps")`). */
type PassColumns = { startsAt: AnyColumn; endsAt: AnyColumn };

export type PassState = "running" | "ended" | "upcoming";

/** The pass runs at `now`: started (at or before it) and not ended (after it). */
export const passRunningAt = (now: Date, pass: PassColumns = passes): SQL =>
  and(lte(pass.startsAt, now), gt(pass.endsAt, now))!;

/** The pass has not ended at `now`: running, or stacked to start later. */
export const passNotEndedAt = (now: Date, pass: PassColumns = passes): SQL => gt(pass.endsAt, now);

/** The same rule for a pass already read: how the account page names it. */
export const passStateAt = (pass: { startsAt: Date; endsAt: Date }, now: Date): PassState =>
  now < pass.startsAt ? "upcoming" : now < pass.endsAt ? "running" : "ended";
