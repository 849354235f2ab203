/**
 * Site settings: one row. Reads are served from memory and refreshed when settings change.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { settings, type Settings } from "#app/db/schema";

let cached: Settings | undefined;

export async function getSettings(db: DbOrTx): Promise<Settings> {
  if (cached) return cached;
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  if (!row) throw new Error("Settings are missing: the database has not been seeded.");
  cached = row;
  return row;
}

/** Called after any write to the settings row. */
export function forgetCachedSettings() {
  cached = undefined;
}

/** The settings a page may show to anyone: no secrets, nothing beyond what the site displays. */
export function publicSettings(s: Settings) {
  return {
    siteTitle: s.siteTitle,
    siteDescription: s.siteDescription,
    siteUrl: s.siteUrl,
    adminEmail: s.adminEmail,
    streetAddress: s.streetAddress,
    contactNumber: s.contactNumber,
    postsPerPage: s.postsPerPage,
    allowComments: s.allowComments,
    moderateComments: s.moderateComments,
    autoApproveComments: s.autoApproveComments,
    showRejectedComments: s.showRejectedComments,
    showSpamComments: s.showSpamComments,
    enableNewsletter: s.enableNewsletter,
    timezone: s.timezone,
    dateFormat: s.dateFormat,
    timeFormat: s.timeFormat,
    startOfWeek: s.startOfWeek,
    language: s.language,
    socialMedia: s.socialMedia,
    seoMetaDescription: s.seoMetaDescription,
    seoMetaKeywords: s.seoMetaKeywords,
  };
}
