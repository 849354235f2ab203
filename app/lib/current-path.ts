/**
 * Whether a navigation link marks the page the reader is on, as React Router's NavLink would: a path
 * matches itself and the paths below it (only itself with `end`), whatever the case.
 */
export function isCurrentPath(pathname: string, href: string, end = false): boolean {
  const here = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const target = href.toLowerCase();
  if (here === target) return true;
  return !end && here.startsWith(target.endsWith("/") ? target : `${target}/`);
}
