/**
 * The offer under a gated story's preview (decision record 021): the words the reader script writes into
 * it from /account/me.json, English until the `nd-text` island carries them (decision record 022, point
 * 6); the offer's own words are messages (`offer.*`).
 */
export const STORY_OFFER_TEXT = {
  meterLeft: (n: number) => (n === 1 ? "1 free story left this month" : `${n} free stories left this month`),
  signedIn: (name: string) => (name ? `Signed in as ${name}` : "Signed in"),
};

export const signInPath = (returnTo: string) => `/account/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
export const supportPath = (returnTo: string) => `/account/support?returnTo=${encodeURIComponent(returnTo)}`;
