/**
 * Site settings: one row. Reads are served from memory, per database handle, and dropped when the site
 * changes (`onSiteChange`, scope "everything") or a settings write calls `forgetCachedSettings`.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { settings, type Settings } from "#app/db/schema";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { remembered } from "#app/lib/remembered.server";
import { shownContactDetails } from "./contact-details";

/** The settings row is not there: the database has not been seeded (in practice, only in tests). */
export class SettingsMissing extends Error {
  constructor() {
    super("Settings are missing: the database has not been seeded.");
  }
}

const cachedSettings = remembered(
  async (db: DbOrTx): Promise<Settings> => {
    const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
    if (!row) throw new SettingsMissing();
    return row;
  },
  {
    onFirstUse: (db, forget) =>
      onSiteChange(db as Db, (change) => {
        if (change.scope === "everything") forget();
      }),
  },
);

export function getSettings(db: DbOrTx): Promise<Settings> {
  return cachedSettings.get(db);
}

/**
 * Called after any write to the settings row: with the database, for that database; without, for every
 * one (tests that change the row by hand).
 */
export function forgetCachedSettings(db?: DbOrTx) {
  if (db) cachedSettings.forget(db);
  else cachedSettings.forgetAll();
}

/** The settings a page may show to anyone: no secrets, nothing beyond what the site displays. */
export function publicSettings(s: Settings) {
  return {
    siteTitle: s.siteTitle,
    siteDescription: s.siteDescription,
    siteUrl: s.siteUrl,
    // Placeholder contact details count as not set (contact-details.ts).
    ...shownContactDetails(s),
    postsPerPage: s.postsPerPage,
    allowComments: s.allowComments,
    moderateComments: s.moderateComments,
    autoApproveComments: s.autoApproveComments,
    showRejectedComments: s.showRejectedComments,
    showSpamComments: s.showSpamComments,
    enableNewsletter: s.enableNewsletter,
    // Said in the signup form's consent while on.
    newsletterOpenCounts: s.newsletterOpenCounts,
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
