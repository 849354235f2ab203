/**
 * Which side of the site a path belongs to. The back office is everything under /admin; every other
 * page is a reader page (no hydration, the reader script instead: decision record 005; admin code
 * injected: decision record 002). Matched in any letter case, as the router matches it.
 */
export const isBackOfficePath = (pathname: string) => /^\/admin(\/|$)/i.test(pathname);
