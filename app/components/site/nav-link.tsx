/**
 * A link that marks the page the reader is on (`aria-current="page"` and its own style). Reader pages
 * are whole documents (decision record 005), so the server decides once (`isCurrentPath`). Inside a
 * shared part the link tells the part how it was marked, so that the part is reused only on pages where
 * it would be marked the same (app/components/site/shared-part.tsx).
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { isCurrentPath } from "#app/lib/current-path";
import { useNavMarks } from "./shared-part";

export function SiteNavLink({
  href,
  end = false,
  className,
  accountLink = false,
  children,
}: {
  href: string;
  end?: boolean;
  className: (isActive: boolean) => string;
  /** The site's account link, whose words the reader script fills for a signed-in reader. */
  accountLink?: boolean;
  children: ReactNode;
}) {
  const isActive = isCurrentPath(useLocation().pathname, href, end);
  useNavMarks().push({ href, end, current: isActive });
  return (
    <a
      href={href}
      aria-current={isActive ? "page" : undefined}
      className={className(isActive)}
      data-account-link={accountLink ? "" : undefined}
    >
      {children}
    </a>
  );
}
