/**
 * Whether a navigation link marks the page the reader is on, as React Router's NavLink would: a path
 * matches itself and the paths below it (only itself with `end`), whatever the case. Both sides are read
 * without a trailing slash, so an edition's home link, `/tw/` (decision record 022), is current on `/tw/`
 * and `/tw`, and, with `end`, on nothing below it.
 */
export function isCurrentPath(pathname: string, href: string, end = false): boolean {
  const withoutSlash = (path: string) => path.toLowerCase().replace(/(.)\/+$/, "$1");
  const here = withoutSlash(pathname);
  const target = withoutSlash(href);
  if (here === target) return true;
  return !end && here.startsWith(target.endsWith("/") ? target : `${target}/`);
}
