/**
 * The signed-in hint (decision record 021, point 4). A reader's session cookie (`nd_member`) is HttpOnly,
 * so the reader script cannot see it; pages are shared per access class, so they cannot say who reads
 * them. Beside the session the server sets `nd_member_hint=1`, readable by the script and worth nothing
 * to anyone (it opens nothing, and the page cache ignores it): only with it does the script ask
 * /account/me.json whom to greet, so an anonymous reader's page view costs no extra request. Set at
 * sign-in, cleared at sign-out, and set or cleared by /account/me.json to match the session it finds.
 */
export const MEMBER_HINT_COOKIE_NAME = "nd_member_hint";

/** The site's account link (header, phone menu, footer): static in the shared page, filled by the script. */
export const ACCOUNT_LINK_TEXT = { signedOut: "Sign in", signedIn: "Account" } as const;
