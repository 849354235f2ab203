/**
 * The Ads screen's form rules , shared by the browser and the server:
 * enable ads, publisher id, auto ads, non-personalised ads, pages without ads and hiding ads for staff.
 * The ad units have their own form (app/domain/ads/ad-units.ts).
 */
import { z } from "zod";
import type { Settings } from "#app/db/schema";
import { formText } from "#app/lib/form";
import { cleanText } from "#app/domain/users/user-form";

export const EXCLUDED_PATHS_MAX = 50;

/** Alerts of the spec (section 8, "Ads and snippets"), verbatim, and our field message. */
export const ADS_TEXT = {
  saved: "Ads settings saved",
  saveFailed: "Failed to save settings",
  excludedPaths: `Give at most ${EXCLUDED_PATHS_MAX} paths, each starting with / (e.g. /about or /category/sport*).`,
  publisherId: "Publisher ID must be empty or ca-pub- followed by digits, e.g. ca-pub-1234567890123456.",
} as const;

export const ADS_LABELS = {
  adsEnabled: "Enable ads",
  adsPublisherId: "Publisher ID",
  adsAutoAdsEnabled: "Auto ads",
  adsNonPersonalized: "Non-personalised ads",
  adsExcludedPaths: "Pages without ads",
  adsHideForStaff: "Hide ads for signed-in staff",
} as const;

export type AdsField = keyof typeof ADS_LABELS;
export const ADS_FIELDS = Object.keys(ADS_LABELS) as AdsField[];

/** One path a line or comma-separated (as the snippets' path lists), trimmed, empty entries dropped. */
export const parseExcludedPaths = (raw: string) =>
  raw
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Long enough for any real AdSense id (16 digits today) with room to spare. */
export const PUBLISHER_ID_MAX = 40;
const PUBLISHER_ID_PATTERN = /^ca-pub-\d+$/;

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const adsFormSchema = z.object({
  adsEnabled: checkbox,
  adsPublisherId: z
    .preprocess(formText, z.string())
    .transform(cleanText)
    .pipe(
      z
        .string()
        .max(PUBLISHER_ID_MAX, ADS_TEXT.publisherId)
        .refine((v) => v === "" || PUBLISHER_ID_PATTERN.test(v), ADS_TEXT.publisherId),
    ),
  adsAutoAdsEnabled: checkbox,
  adsNonPersonalized: checkbox,
  adsExcludedPaths: z
    .preprocess(formText, z.string())
    .transform(parseExcludedPaths)
    .pipe(
      z
        .array(z.string().max(300, ADS_TEXT.excludedPaths).startsWith("/", ADS_TEXT.excludedPaths))
        .max(EXCLUDED_PATHS_MAX, ADS_TEXT.excludedPaths),
    ),
  adsHideForStaff: checkbox,
} satisfies Record<AdsField, z.ZodType>);

export type AdsFormInput = z.infer<typeof adsFormSchema>;

/** The stored ads settings as the form's strings (a ticked checkbox is "on", an unticked one ""). */
export function adsFormValues(s: Pick<Settings, AdsField>): Record<AdsField, string> {
  return {
    adsEnabled: s.adsEnabled ? "on" : "",
    adsPublisherId: s.adsPublisherId,
    adsAutoAdsEnabled: s.adsAutoAdsEnabled ? "on" : "",
    adsNonPersonalized: s.adsNonPersonalized ? "on" : "",
    adsExcludedPaths: (s.adsExcludedPaths ?? []).join("\n"),
    adsHideForStaff: s.adsHideForStaff ? "on" : "",
  };
}
