/**
 * Editions for tests (decision record 022): the main edition as feeds and listings take it, and a Twi
 * edition added to a test's database.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { MAIN_EDITION_TAG_SQL } from "#app/domain/editions/page-edition.server";
import { pageEdition } from "#app/lib/editions";

/** A site in English with no other edition open. */
export const MAIN_EDITION = pageEdition("en", "en");
export const MAIN_ONLY = { mainTag: "en", enabledTags: ["en"] };
export const TWI_EDITION = pageEdition("tw", "en");

/** Adds the Twi edition (switched on unless asked otherwise); the caller signals the change if it must. */
export async function addTwiEdition(db: DbOrTx, enabled = true) {
  await db.execute(
    sql`INSERT INTO editions (tag, name, enabled, position) VALUES ('tw', 'Twi', ${enabled}, 1)`,
  );
}

/**
 * Every subscriber a test wrote straight into `newsletter_subscribers` reads the main edition, as a signup
 * there would (decision record 022, point 11): an issue goes only to its edition's subscribers.
 */
export async function subscribersReadTheMainEdition(db: DbOrTx) {
  await db.execute(sql`
    INSERT INTO newsletter_subscriber_editions (subscriber_id, edition)
    SELECT s.id, e.tag FROM newsletter_subscribers s
    JOIN editions e ON e.tag = ${MAIN_EDITION_TAG_SQL}
    ON CONFLICT DO NOTHING`);
}
