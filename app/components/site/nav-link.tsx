/**
 * A link that marks the page the reader is on (`aria-current="page"` and its own style). Reader pages
 * are whole documents (decision record 005), so the server decides once, as React Router's NavLink
 * would: a path matches itself and the paths below it (only itself with `end`), whatever the case.
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router";

export function isCurrentPath(pathname: string, href: string, end = false): boolean {
  const here = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const target = href.toLowerCase();
  if (here === target) return true;
  return !end && here.startsWith(target.endsWith("/") ? target : `${target}/`);
}

export function SiteNavLink({
  href,
  end = false,
  className,
  children,
}: {
  href: string;
  end?: boolean;
  className: (isActive: boolean) => string;
  children: ReactNode;
}) {
  const isActive = isCurrentPath(useLocation().pathname, href, end);
  return (
    <a href={href} aria-current={isActive ? "page" : undefined} className={className(isActive)}>
      {children}
    </a>
  );
}
