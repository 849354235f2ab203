/** The site header: logo (site title + 'Online'), Home, Contact, Sign in (or Account), social links, search, phone menu. */
import type { SocialLinks as SocialLinksSettings } from "#app/db/schema";
import type { NavCategory } from "#app/domain/categories/public.server";
import { MobileMenu } from "./mobile-menu";
import { SiteNavLink } from "./nav-link";
import { SearchButton } from "./search-button";
import { SocialLinks, socialLinksFrom } from "./social-links";
import { useEditionPath, useLiteMode } from "./use-site";
import { useMessages } from "#app/i18n/use-messages";

function SiteLogo({ siteTitle, className = "" }: { siteTitle: string; className?: string }) {
  const home = useEditionPath()("/");
  return (
    <a
      href={home}
      className={`font-serif text-2xl leading-none font-bold tracking-tight whitespace-nowrap text-brand-900 sm:text-[1.7rem] ${className}`}
    >
      {siteTitle} <span className="text-breaking">Online</span>
    </a>
  );
}

const navItem = (isActive: boolean) =>
  `flex min-h-11 items-center rounded-md px-3 font-semibold hover:text-brand-700 ${isActive ? "text-brand-700" : "text-slate-700"}`;

export function SiteHeader({
  siteTitle,
  categories,
  social,
}: {
  siteTitle: string;
  categories: NavCategory[];
  social: SocialLinksSettings;
}) {
  // A lite page shows its menu at every width: the wide screen's own links would repeat it.
  const isLite = useLiteMode();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    // Solid background, no backdrop filter: a filter would make the header the containing block of the
    // phone menu's fixed panel and squeeze it into the header's height.
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white [--header-height:4rem]">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-4">
        <SiteLogo siteTitle={siteTitle} className="min-w-0 truncate" />
        {isLite ? null : (
          <nav aria-label={t("chrome.mainNav")} className="hidden items-center gap-1 lg:flex">
            <SiteNavLink href={editionPath("/")} end className={navItem}>
              {t("chrome.home")}
            </SiteNavLink>
            <SiteNavLink href="/contact" className={navItem}>
              {t("chrome.contact")}
            </SiteNavLink>
            {/* Static (the header is a shared, cached part): /account sends a signed-out reader to sign in;
                the reader script says "Account" to a signed-in one (app/reader/account-link.ts). */}
            <SiteNavLink href="/account" className={navItem} accountLink>
              {t("script.account.signedOut")}
            </SiteNavLink>
          </nav>
        )}
        <div className="flex shrink-0 items-center gap-1">
          {socialLinksFrom(social).length > 0 ? (
            <div className="mr-2 hidden xl:block">
              <SocialLinks links={social} size="sm" />
            </div>
          ) : null}
          <SearchButton />
          <MobileMenu categories={categories} social={social} />
        </div>
      </div>
    </header>
  );
}
