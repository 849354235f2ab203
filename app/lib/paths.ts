/**
 * Which side of the site a path belongs to. The back office is everything under /admin; every other
 * page is a reader page (no hydration, the reader script instead: decision record 005; admin code
 * injected: decision record 002).
 */
export const isBackOfficePath = (pathname: string) => /^\/admin(\/|$)/.test(pathname);
