/**
 * The shapes of the analytics ids of Settings → Analytics, shared by the form (checked on save, in the
 * browser and on the server) and the page code (checked again before an id goes into a script).
 */

/** GA4 measurement ids ('G-XXXXXXX') and the older Universal Analytics property ids ('UA-1234-1'). */
export const isGoogleAnalyticsId = (value: string) =>
  /^G-[A-Z0-9]{4,16}$/.test(value) || /^UA-\d{4,10}-\d{1,4}$/.test(value);

/** A Facebook (Meta) Pixel id is a number. */
export const isFacebookPixelId = (value: string) => /^\d{5,20}$/.test(value);

export const ANALYTICS_ID_TEXT = {
  googleAnalyticsId: "Please enter a Google Analytics ID like G-XXXXXXXXXX or UA-12345678-1.",
  facebookPixelId: "Please enter a Facebook Pixel ID: digits only, e.g. 123456789012345.",
} as const;
