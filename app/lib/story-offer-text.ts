/** The offer under a gated story's preview (decision record 021): the house's words, in one place. */
export const STORY_OFFER_TEXT = {
  membersTitle: "This story is for members",
  membersBody: "Sign in with your e-mail address to read on. It is free.",
  paidTitle: "This story is for paying readers",
  paidBody: "A day, week or month pass, paid by Mobile Money, gives you every story.",
  meteredOutBody: "You have read your free paid stories this month. A pass gives you every story.",
  signIn: "Sign in",
  getPass: "Get a pass",
  paymentsNotSetUp: "Payments are not set up on this site yet.",
  /** Filled by the reader script from /account/me.json. */
  meterLeft: (n: number) => (n === 1 ? "1 free story left this month" : `${n} free stories left this month`),
  signedIn: (name: string) => (name ? `Signed in as ${name}` : "Signed in"),
};

export const signInPath = (returnTo: string) => `/account/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
export const supportPath = (returnTo: string) => `/account/support?returnTo=${encodeURIComponent(returnTo)}`;
