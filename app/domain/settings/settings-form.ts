/**
 * The Settings screen's form rules , shared by
 * the browser (checked before sending) and the server (checked again, always). One flat shape, one field
 * per input, so the whole form posts every setting and nothing is lost between tabs.
 */
import { z } from "zod";
import { LOGIN_EMAIL_PATTERN } from "#app/auth/login-form";
import type { Settings } from "#app/db/schema";
import { formTextField } from "#app/lib/form-fields";
import { ghsField, pesewasOf } from "#app/domain/payments/payment-text";
import { cleanText, isHttpUrl } from "#app/domain/users/user-form";
import { ANALYTICS_ID_TEXT, isFacebookPixelId, isGoogleAnalyticsId } from "./analytics-ids";

/** Texts of the spec (sections 2 and 8), verbatim, and our field messages. */
export const SETTINGS_TEXT = {
  loading: "Loading settings...",
  unsaved: "You have unsaved changes",
  saved: "Settings saved successfully!",
  saveFailed: "Error saving settings. Please try again.",
  resetDone: "Settings reset to defaults successfully!",
  resetFailed: "Error resetting settings. Please try again.",
  resetConfirm: "Are you sure you want to reset all settings to defaults? This action cannot be undone.",
  /** Said with resetConfirm: RESET_KEEPS is never part of a reset (app/routes/admin/settings.test.ts). */
  resetKeeps:
    "Security settings (two-factor requirement, excluding signed-in staff from analytics) are kept.",
  siteTitleRequired: "Site title is required.",
  postsPerPage: "Posts per page must be between 1 and 100.",
  meterPaidStories: "Free paid stories must be a whole number from 0 to 100.",
  cacheDuration: "Cache duration must be between 300 and 86400 seconds.",
  newsletterDigestHour: "Choose an hour between 00:00 and 23:00.",
  webAddress: "Please enter a full web address starting with http:// or https://.",
  adminEmail: "Please enter a valid email address.",
  passPrice: "Enter a price in GHS from 0.00 to 10,000.00, with at most two decimals (0 means not sold).",
} as const;

const tooLongText = (label: string, max: number) => `${label} must be at most ${max} characters.`;
const chooseText = (label: string) => `Please choose a ${label.toLowerCase()} from the list.`;

/** Limits of section 3 (text lengths) and section 9 (numbers). */
export const SETTINGS_LIMITS = {
  siteTitle: 100,
  siteDescription: 200,
  siteUrl: 2048,
  adminEmail: 254,
  streetAddress: 200,
  contactNumber: 20,
  socialLink: 2048,
  googleAnalyticsId: 20,
  facebookPixelId: 20,
  seoMetaDescription: 300,
  seoMetaKeywords: 200,
  googleSiteVerification: 100,
  bingSiteVerification: 100,
  maintenanceMessage: 500,
  postsPerPageMin: 1,
  postsPerPageMax: 100,
  meterPaidStoriesMax: 100,
  cacheDurationMin: 300,
  cacheDurationMax: 86400,
  /** A pass's price, in pesewas (GHS 10,000). */
  passPriceMax: 1_000_000,
} as const;

/** The time zones on offer, with Ghana's own zone first: new installs default to it (decision record 007). */
export const TIMEZONES = [
  "Africa/Accra",
  "UTC",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Paris",
  "Asia/Tokyo",
  "Asia/Shanghai",
] as const;
export const DATE_FORMATS = ["F j, Y", "Y-m-d", "m/d/Y", "d/m/Y"] as const;
export const TIME_FORMATS = ["g:i a", "H:i"] as const;
export const START_OF_WEEK = ["0", "1"] as const;
export const START_OF_WEEK_LABELS: Record<(typeof START_OF_WEEK)[number], string> = {
  "0": "Sunday",
  "1": "Monday",
};
export const LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "ru", "zh", "ja", "ko"] as const;
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  it: "Italian",
  pt: "Portuguese",
  ru: "Russian",
  zh: "Chinese",
  ja: "Japanese",
  ko: "Korean",
};

/** The social networks of section 3, with the form field that holds each address. */
export const SOCIAL_NETWORKS = [
  { key: "facebook", field: "socialFacebook", label: "Facebook URL" },
  { key: "twitter", field: "socialTwitter", label: "Twitter (X) URL" },
  { key: "instagram", field: "socialInstagram", label: "Instagram URL" },
  { key: "youtube", field: "socialYoutube", label: "YouTube URL" },
  { key: "linkedin", field: "socialLinkedin", label: "LinkedIn URL" },
  { key: "tiktok", field: "socialTiktok", label: "TikTok URL" },
  { key: "telegram", field: "socialTelegram", label: "Telegram URL" },
  { key: "whatsapp", field: "socialWhatsapp", label: "WhatsApp URL" },
  { key: "pinterest", field: "socialPinterest", label: "Pinterest URL" },
] as const;

export const SETTINGS_LABELS = {
  siteTitle: "Site Title",
  siteDescription: "Site Description (Tagline)",
  siteUrl: "Site URL",
  adminEmail: "Admin Email",
  streetAddress: "Street Address",
  contactNumber: "Contact Number",
  timezone: "Timezone",
  language: "Language",
  postsPerPage: "Posts Per Page",
  dateFormat: "Date Format",
  timeFormat: "Time Format",
  startOfWeek: "Week Starts On",
  enableNewsletter: "Enable newsletter signup",
  newsletterDigestEnabled: "Send a daily digest",
  newsletterDigestHour: "Daily digest hour",
  newsletterBreakingEmail: "E-mail Breaking News to subscribers",
  newsletterOpenCounts: "Count newsletter opens and clicks",
  allowComments: "Allow comments",
  moderateComments: "Moderate comments",
  autoApproveComments: "Auto-approve comments",
  showRejectedComments: "Show rejected comments",
  showSpamComments: "Show spam comments",
  ...(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.field, n.label])) as Record<
    (typeof SOCIAL_NETWORKS)[number]["field"],
    string
  >),
  googleAnalyticsId: "Google Analytics ID",
  facebookPixelId: "Facebook Pixel ID",
  analyticsExcludeStaff: "Exclude signed-in staff from analytics",
  seoMetaDescription: "Meta Description",
  seoMetaKeywords: "Meta Keywords",
  googleSiteVerification: "Google Site Verification",
  bingSiteVerification: "Bing Site Verification",
  maintenanceEnabled: "Maintenance mode",
  maintenanceMessage: "Maintenance Message",
  cacheEnabled: "Enable page cache",
  cacheDuration: "Cache Duration (seconds)",
  requireTwoFactor: "Require two-factor sign-in for admins and editors",
  passDayPrice: "Day pass price (GHS)",
  passWeekPrice: "Week pass price (GHS)",
  passMonthPrice: "Month pass price (GHS)",
  meterPaidStories: "Paid stories a free member may read each month",
} as const;

export type SettingsField = keyof typeof SETTINGS_LABELS;

/** The tabs of the spec, in order, and the fields each one holds. */
export const SETTINGS_TABS = [
  {
    id: "general",
    label: "General",
    fields: [
      "siteTitle",
      "siteDescription",
      "siteUrl",
      "adminEmail",
      "streetAddress",
      "contactNumber",
      "timezone",
      "language",
    ],
  },
  {
    id: "content",
    label: "Content",
    fields: [
      "postsPerPage",
      "dateFormat",
      "timeFormat",
      "startOfWeek",
      "enableNewsletter",
      "newsletterDigestEnabled",
      "newsletterDigestHour",
      "newsletterBreakingEmail",
      "newsletterOpenCounts",
    ],
  },
  {
    id: "comments",
    label: "Comments",
    fields: [
      "allowComments",
      "moderateComments",
      "autoApproveComments",
      "showRejectedComments",
      "showSpamComments",
    ],
  },
  { id: "social", label: "Social Media", fields: SOCIAL_NETWORKS.map((n) => n.field) },
  {
    id: "analytics",
    label: "Analytics",
    fields: ["googleAnalyticsId", "facebookPixelId", "analyticsExcludeStaff"],
  },
  {
    id: "seo",
    label: "SEO",
    fields: ["seoMetaDescription", "seoMetaKeywords", "googleSiteVerification", "bingSiteVerification"],
  },
  // Decision record 021: the passes readers buy; stored in pesewas, shown in GHS.
  {
    id: "revenue",
    label: "Reader Revenue",
    fields: ["passDayPrice", "passWeekPrice", "passMonthPrice", "meterPaidStories"],
  },
  {
    id: "advanced",
    label: "Advanced",
    fields: ["maintenanceEnabled", "maintenanceMessage", "cacheEnabled", "cacheDuration", "requireTwoFactor"],
  },
] as const satisfies ReadonlyArray<{ id: string; label: string; fields: readonly SettingsField[] }>;

export type SettingsTab = (typeof SETTINGS_TABS)[number]["id"];
export const DEFAULT_SETTINGS_TAB: SettingsTab = "general";

export const SETTINGS_FIELDS: SettingsField[] = SETTINGS_TABS.flatMap((t) => [...t.fields]);

export const BOOLEAN_SETTINGS = [
  "enableNewsletter",
  "newsletterDigestEnabled",
  "newsletterBreakingEmail",
  "newsletterOpenCounts",
  "allowComments",
  "moderateComments",
  "autoApproveComments",
  "showRejectedComments",
  "showSpamComments",
  "analyticsExcludeStaff",
  "maintenanceEnabled",
  "cacheEnabled",
  "requireTwoFactor",
] as const satisfies readonly SettingsField[];

/**
 * Security settings that Reset to Defaults keeps: a reset of the look and the content must not switch
 * mandatory two-factor sign-in off, nor start counting staff in the analytics, as a side effect.
 */
export const RESET_KEEPS = [
  "requireTwoFactor",
  "analyticsExcludeStaff",
] as const satisfies readonly SettingsField[];

/** A `?tab=` value, or the default tab when it names none. */
export function parseSettingsTab(value: string | null | undefined): SettingsTab {
  return SETTINGS_TABS.find((t) => t.id === value)?.id ?? DEFAULT_SETTINGS_TAB;
}

export function tabOfField(field: string): SettingsTab | undefined {
  return SETTINGS_TABS.find((t) => (t.fields as readonly string[]).includes(field))?.id;
}

/** Form values arrive as strings, or not at all when a field is missing from the post. */
/** Text fields are sanitised on input: trimmed, < and > removed. */
const cleaned = formTextField.transform(cleanText);

const textField = (field: SettingsField, max: number) =>
  cleaned.pipe(z.string().max(max, tooLongText(SETTINGS_LABELS[field], max)));

const webAddressField = (field: SettingsField, max: number) =>
  textField(field, max).refine((v) => v === "" || isHttpUrl(v), SETTINGS_TEXT.webAddress);

/** A checkbox posts "on" when ticked and nothing when not. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const wholeNumberIn = (min: number, max: number, message: string) =>
  formTextField
    .transform((v) => v.trim())
    .pipe(z.string().regex(/^\d{1,9}$/, message))
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** A price in GHS as typed ("2", "2.5", "2.00") to pesewas, by its digits (payment-text.ts): never a float. */
const ghsPrice = (max: number, message: string) =>
  formTextField
    .transform((v) => pesewasOf(v))
    .pipe(z.number({ message }).int().min(0, message).max(max, message));

/** Settings held in pesewas and shown in the form as GHS with two decimals. */
export const PESEWAS_SETTINGS = [
  "passDayPrice",
  "passWeekPrice",
  "passMonthPrice",
] as const satisfies readonly SettingsField[];

const choiceOf = <const T extends readonly [string, ...string[]]>(values: T, field: SettingsField) =>
  formTextField.pipe(z.enum(values, { message: chooseText(SETTINGS_LABELS[field]) }));

const L = SETTINGS_LIMITS;
const T = SETTINGS_TEXT;

export const settingsFormSchema = z.object({
  siteTitle: cleaned.pipe(
    z
      .string()
      .min(1, T.siteTitleRequired)
      .max(L.siteTitle, tooLongText(SETTINGS_LABELS.siteTitle, L.siteTitle)),
  ),
  siteDescription: textField("siteDescription", L.siteDescription),
  siteUrl: webAddressField("siteUrl", L.siteUrl),
  adminEmail: cleaned
    .pipe(z.string().max(L.adminEmail, T.adminEmail))
    .refine((v) => v === "" || LOGIN_EMAIL_PATTERN.test(v), T.adminEmail)
    .transform((v) => v.toLowerCase()),
  streetAddress: textField("streetAddress", L.streetAddress),
  contactNumber: textField("contactNumber", L.contactNumber),
  timezone: choiceOf(TIMEZONES, "timezone"),
  language: choiceOf(LANGUAGES, "language"),
  postsPerPage: wholeNumberIn(L.postsPerPageMin, L.postsPerPageMax, T.postsPerPage),
  dateFormat: choiceOf(DATE_FORMATS, "dateFormat"),
  timeFormat: choiceOf(TIME_FORMATS, "timeFormat"),
  startOfWeek: choiceOf(START_OF_WEEK, "startOfWeek").transform(Number),
  enableNewsletter: checkbox,
  newsletterDigestEnabled: checkbox,
  newsletterDigestHour: wholeNumberIn(0, 23, T.newsletterDigestHour),
  newsletterBreakingEmail: checkbox,
  newsletterOpenCounts: checkbox,
  allowComments: checkbox,
  moderateComments: checkbox,
  autoApproveComments: checkbox,
  showRejectedComments: checkbox,
  showSpamComments: checkbox,
  socialFacebook: webAddressField("socialFacebook", L.socialLink),
  socialTwitter: webAddressField("socialTwitter", L.socialLink),
  socialInstagram: webAddressField("socialInstagram", L.socialLink),
  socialYoutube: webAddressField("socialYoutube", L.socialLink),
  socialLinkedin: webAddressField("socialLinkedin", L.socialLink),
  socialTiktok: webAddressField("socialTiktok", L.socialLink),
  socialTelegram: webAddressField("socialTelegram", L.socialLink),
  socialWhatsapp: webAddressField("socialWhatsapp", L.socialLink),
  socialPinterest: webAddressField("socialPinterest", L.socialLink),
  googleAnalyticsId: textField("googleAnalyticsId", L.googleAnalyticsId)
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || isGoogleAnalyticsId(v), ANALYTICS_ID_TEXT.googleAnalyticsId),
  facebookPixelId: textField("facebookPixelId", L.facebookPixelId).refine(
    (v) => v === "" || isFacebookPixelId(v),
    ANALYTICS_ID_TEXT.facebookPixelId,
  ),
  analyticsExcludeStaff: checkbox,
  seoMetaDescription: textField("seoMetaDescription", L.seoMetaDescription),
  seoMetaKeywords: textField("seoMetaKeywords", L.seoMetaKeywords),
  googleSiteVerification: textField("googleSiteVerification", L.googleSiteVerification),
  bingSiteVerification: textField("bingSiteVerification", L.bingSiteVerification),
  maintenanceEnabled: checkbox,
  maintenanceMessage: textField("maintenanceMessage", L.maintenanceMessage),
  cacheEnabled: checkbox,
  cacheDuration: wholeNumberIn(L.cacheDurationMin, L.cacheDurationMax, T.cacheDuration),
  requireTwoFactor: checkbox,
  passDayPrice: ghsPrice(L.passPriceMax, T.passPrice),
  passWeekPrice: ghsPrice(L.passPriceMax, T.passPrice),
  passMonthPrice: ghsPrice(L.passPriceMax, T.passPrice),
  meterPaidStories: wholeNumberIn(0, L.meterPaidStoriesMax, T.meterPaidStories),
} satisfies Record<SettingsField, z.ZodType>);

export type SettingsFormInput = z.infer<typeof settingsFormSchema>;

/** The columns of the settings row that the Settings screen writes (ads and custom code have their own). */
export type SettingsScreenValues = Pick<
  Settings,
  Exclude<SettingsField, (typeof SOCIAL_NETWORKS)[number]["field"]> | "socialMedia"
>;

/** Form input to the columns of the settings row. */
export function toSettingsColumns(input: SettingsFormInput): SettingsScreenValues {
  const socialMedia = {} as Settings["socialMedia"];
  for (const n of SOCIAL_NETWORKS) socialMedia[n.key] = input[n.field];
  const columns: Record<string, unknown> = { socialMedia };
  for (const [key, value] of Object.entries(input)) {
    if (!key.startsWith("social")) columns[key] = value;
  }
  return columns as SettingsScreenValues;
}

/** The stored settings as the form's strings (a ticked checkbox is "on", an unticked one ""). */
export function settingsFormValues(
  s: Omit<SettingsScreenValues, "socialMedia"> & { socialMedia: Partial<Settings["socialMedia"]> },
): Record<SettingsField, string> {
  const values = {} as Record<SettingsField, string>;
  for (const field of SETTINGS_FIELDS) {
    const network = SOCIAL_NETWORKS.find((n) => n.field === field);
    if (network) {
      values[field] = s.socialMedia[network.key] ?? "";
      continue;
    }
    const value = s[field as keyof typeof s];
    if ((PESEWAS_SETTINGS as readonly string[]).includes(field) && typeof value === "number") {
      values[field] = ghsField(value);
      continue;
    }
    values[field] = typeof value === "boolean" ? (value ? "on" : "") : String(value ?? "");
  }
  return values;
}
