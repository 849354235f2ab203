/**
 * The site layout's data (public settings, categories, meta) for any component under it, and date
 * helpers bound to the site's date format and timezone.
 */
import { useRouteLoaderData } from "react-router";
import { relativeDate, siteDate } from "#app/lib/dates";
import type { loader } from "#app/routes/site/layout";

const SITE_LAYOUT_ID = "routes/site/layout";

function useSite() {
  const data = useRouteLoaderData<typeof loader>(SITE_LAYOUT_ID);
  if (!data) throw new Error("useSite must be used within the site layout");
  return data;
}

/** Formats dates the way the settings say; `relative` gives '3 hours ago' style text. */
export function useSiteDates() {
  const { settings } = useSite();
  return {
    format: (value: Date | string | null | undefined) => siteDate(value, settings),
    relative: (value: Date | string | null | undefined) => relativeDate(value, { style: "site" }),
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
