/**
 * The site layout's data (public settings, categories, meta) for any component under it, and date
 * helpers bound to the site's date format and timezone.
 */
import { useRouteLoaderData } from "react-router";
import { useMessages } from "#app/i18n/use-messages";
import { relativeDate, shortDate, siteDate } from "#app/lib/dates";
import { inEdition, type PageEdition } from "#app/lib/editions";
import type { loader } from "#app/routes/site/layout";

const SITE_LAYOUT_ID = "routes/site/layout";

function useSite() {
  const data = useRouteLoaderData<typeof loader>(SITE_LAYOUT_ID);
  if (!data) throw new Error("useSite must be used within the site layout");
  return data;
}

/**
 * Formats dates the way the settings say, in the page's words (its edition's month and weekday names);
 * `relative` gives '3 hours ago' style text.
 */
export function useSiteDates() {
  const { settings } = useSite();
  const words = useMessages().dateWords;
  return {
    format: (value: Date | string | null | undefined) => siteDate(value, settings, words),
    /** Short form for result lists: 'Nov 22, 2026'. */
    short: (value: Date | string | null | undefined) => shortDate(value, settings.timezone, words),
    relative: (value: Date | string | null | undefined) => relativeDate(value, { style: "site", words }),
    timezone: settings.timezone,
    /** Settings → Content's time format ('g:i a' or 'H:i'), for every time the site shows. */
    timeFormat: settings.timeFormat,
    /** Settings → General's language, for `<html lang>`. */
    language: settings.language,
  };
}

/**
 * Whether this is a lite page (the reader saves data, app/lib/lite-mode.ts): photos wait for a tap.
 * False outside the site layout (the back office's previews).
 */
export function useLiteMode(): boolean {
  return Boolean(useRouteLoaderData<typeof loader>(SITE_LAYOUT_ID)?.lite);
}

/** Outside the site layout (the back office's previews) a page is the main edition's, at the root. */
const MAIN_EDITION: PageEdition = { tag: "", prefix: "", intlLocale: "", main: true };

/** The edition the page is in (decision record 022, point 2): its tag, its addresses' prefix, its locale. */
export function useEdition(): PageEdition {
  return useRouteLoaderData<typeof loader>(SITE_LAYOUT_ID)?.edition ?? MAIN_EDITION;
}

/**
 * Puts a path inside the page's edition (`/search` becomes `/tw/search` on a Twi page): every link to an
 * edition page goes through it, so a reader who opened an edition stays in it. Main-only pages (contact,
 * about, the legal pages, account and checkout) and a live story's poll keep their bare address.
 */
export function useEditionPath(): (path: string) => string {
  const { prefix } = useEdition();
  return (path) => inEdition(prefix, path);
}
