/**
 * Opens and clicks of an issue (decision record 018), counted only while an admin has open counts on
 * (Settings → Content, off by default; the signup form then says so). The mail then carries a 1x1
 * image and story links through a redirect, each naming the issue and the subscriber's counts token
 * (`countsToken`: it counts and does nothing else, so an image proxy that loads the image cannot
 * unsubscribe anyone); a subscriber counts once per issue. A link always leads to its story, counted or not: the address
 * to go to is the story the issue froze, by its place, never one taken from the request.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "#app/db/schema";
import { getSettings } from "#app/domain/settings/settings.server";
import { isLinkTokenShaped } from "./signup.server";
import { logFailure } from "#app/lib/log.server";

export const OPENED_PATH = "/newsletter/opened";
export const CLICKED_PATH = "/newsletter/clicked";

const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();

export const openedLink = (origin: string, issueId: string, countsToken: string) =>
  `${origin}${OPENED_PATH}?${query({ issue: issueId, token: countsToken })}`;

export const clickedLink = (origin: string, issueId: string, countsToken: string, story: number) =>
  `${origin}${CLICKED_PATH}?${query({ issue: issueId, token: countsToken, story })}`;

/** Marks the subscriber's copy of the issue as opened (and clicked), once each, if counts are on. */
async function record(db: Db, issueId: string, countsToken: string, isClick: boolean) {
  if (!(await getSettings(db)).newsletterOpenCounts) return;
  if (!isLinkTokenShaped(countsToken)) return;
  const now = new Date();
  await db
    .update(newsletterDeliveries)
    .set({
      openedAt: sql`coalesce(${newsletterDeliveries.openedAt}, ${now})`,
      ...(isClick ? { clickedAt: sql`coalesce(${newsletterDeliveries.clickedAt}, ${now})` } : {}),
    })
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        eq(newsletterDeliveries.status, "sent"),
        sql`${newsletterDeliveries.subscriberId} = (select id from ${newsletterSubscribers} where ${newsletterSubscribers.countsToken} = ${countsToken})`,
      ),
    );
}

export const recordOpen = (db: Db, issueId: string, token: string) => record(db, issueId, token, false);

/** Counts the click and answers where the link leads: the issue's story at that place, or null. */
export async function followClick(
  db: Db,
  issueId: string,
  token: string,
  story: number,
): Promise<string | null> {
  const [issue] = await db
    .select({ stories: newsletterIssues.stories })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issueId))
    .limit(1);
  const url = issue?.stories[story]?.url;
  if (!url || !/^https?:\/\//i.test(url)) return null;
  // The reader is on their way whatever happens to the count.
  await record(db, issueId, token, true).catch((error: unknown) =>
    logFailure("[newsletter] counting a click failed", error),
  );
  return url;
}

/** How many subscribers opened the issue and followed one of its links (while counts were on). */
export async function engagement(db: DbOrTx, issueId: string) {
  const [row] = await db
    .select({
      opened: count(newsletterDeliveries.openedAt),
      clicked: count(newsletterDeliveries.clickedAt),
    })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, issueId));
  return { opened: row?.opened ?? 0, clicked: row?.clicked ?? 0 };
}
