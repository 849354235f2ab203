/**
 * What each subscriber of a mailing may read whole (decision record 021): a subscriber whose address is a
 * member's reads members' stories, and one whose member holds a pass running now reads paid stories too.
 * The meter is for reading on the site: a mail spends none of it.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { members, passes, type NewsletterIssueStory } from "#app/db/schema";
import { passRunningAt } from "#app/domain/access/pass-times.server";
import type { IssueMailStory } from "./issue-mail";

export interface MailReader {
  isMember: boolean;
  hasPass: boolean;
}

/** Staff previews and tests of an issue read it whole, as an editor does on the site. */
export const STAFF_READER: MailReader = { isMember: true, hasPass: true };
/** An address that is no member's. */
export const NO_ACCESS: MailReader = { isMember: false, hasPass: false };

/** Each address's access, in one query for a batch of deliveries. */
export async function mailReadersOf(
  db: DbOrTx,
  emails: readonly string[],
  now: Date,
): Promise<Map<string, MailReader>> {
  const readers = new Map<string, MailReader>(emails.map((email) => [email, NO_ACCESS]));
  if (emails.length === 0) return readers;
  const rows = await db
    .select({
      email: members.email,
      hasPass: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(passes)
        .where(and(eq(passes.memberId, members.id), passRunningAt(now)))})`,
    })
    .from(members)
    .where(inArray(members.email, [...emails]));
  for (const row of rows) readers.set(row.email, { isMember: true, hasPass: Boolean(row.hasPass) });
  return readers;
}

/** The story as this reader is mailed it: whole, or its preview with the offer for the rest. */
export function storyForReader(story: NewsletterIssueStory, reader: MailReader): IssueMailStory {
  const { body, ...rest } = story;
  if (!body) return rest;
  const mayRead =
    body.access === "public" ||
    (body.access === "members" ? reader.isMember || reader.hasPass : reader.hasPass);
  if (mayRead || !body.preview) return mayRead ? { ...rest, body: body.full } : rest;
  return { ...rest, body: { ...body.preview, offer: body.access === "members" ? "members" : "paid" } };
}
