/**
 * The phone menu. A <details> disclosure, so it opens without JavaScript; the reader script
 * (app/reader/menus.ts) closes it on Escape, keeps the page behind from scrolling while it is open and
 * names the button after what it does. A link in it loads a new page, where it starts closed.
 */
import { Menu, X } from "lucide-react";
import type { SocialLinks as SocialLinksSettings } from "#app/db/schema";
import type { NavCategory } from "#app/domain/categories/public.server";
import { LiteOffer } from "./lite-switch";
import { SiteNavLink } from "./nav-link";
import { useEditionPath, useLiteMode } from "./use-site";
import { SocialLinks, socialLinksFrom } from "./social-links";
import { useMessages } from "#app/i18n/use-messages";

export function MobileMenu({
  categories,
  social,
}: {
  categories: NavCategory[];
  social: SocialLinksSettings;
}) {
  // Lifestyle is linked on phones even when it is not among the categories (the spec links it directly).
  const hasLifestyle = categories.some((c) => c.slug === "lifestyle");
  const isLite = useLiteMode();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  const item =
    "flex min-h-12 items-center rounded-md px-3 text-base font-semibold text-slate-800 hover:bg-slate-100";
  const active = (isActive: boolean) => `${item} ${isActive ? "bg-brand-50 text-brand-700" : ""}`;
  return (
    // On a lite page it is the menu at every width: the categories bar is left out there.
    <details data-menu="phone" className={`group ${isLite ? "" : "lg:hidden"}`}>
      <summary
        aria-label={t("chrome.openMenu")}
        className="flex h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        {isLite ? (
          // A lite page spells it out: a word costs less than two icons.
          <span className="px-2 text-sm font-semibold">{t("chrome.menu")}</span>
        ) : (
          <>
            <Menu aria-hidden size={24} className="group-open:hidden" />
            <X aria-hidden size={24} className="hidden group-open:block" />
          </>
        )}
      </summary>
      <div className="fixed inset-x-0 top-[var(--header-height,4rem)] bottom-0 z-50 overflow-y-auto border-t border-slate-200 bg-white px-4 pt-3 pb-10 shadow-xl">
        <nav aria-label={t("chrome.mobileNav")}>
          <ul className="space-y-1">
            <li>
              <SiteNavLink href={editionPath("/")} end className={active}>
                {t("chrome.home")}
              </SiteNavLink>
            </li>
            <li>
              <p className="px-3 pt-3 pb-1 text-xs font-bold tracking-wider text-slate-500 uppercase">
                {t("chrome.news")}
              </p>
              <ul className="grid grid-cols-2 gap-1">
                {categories.map((c) => (
                  <li key={c.slug}>
                    <SiteNavLink href={editionPath(`/category/${c.slug}`)} className={active}>
                      {/* The category's colour, a decoration a lite page does without. */}
                      {isLite ? null : (
                        <span
                          aria-hidden
                          className="mr-2 size-2.5 shrink-0 rounded-full"
                          style={{ backgroundColor: c.color }}
                        />
                      )}
                      {c.name}
                    </SiteNavLink>
                  </li>
                ))}
              </ul>
            </li>
            {hasLifestyle ? null : (
              <li>
                <SiteNavLink href={editionPath("/category/lifestyle")} className={active}>
                  {t("chrome.lifestyle")}
                </SiteNavLink>
              </li>
            )}
            <li>
              <SiteNavLink href={editionPath("/all-articles")} className={active}>
                {t("chrome.allArticles")}
              </SiteNavLink>
            </li>
            <li>
              <SiteNavLink href={editionPath("/search")} className={active}>
                {t("chrome.search")}
              </SiteNavLink>
            </li>
            <li>
              <SiteNavLink href="/contact" className={active}>
                {t("chrome.contact")}
              </SiteNavLink>
            </li>
            <li>
              <SiteNavLink href="/account" className={active} accountLink>
                {t("script.account.signedOut")}
              </SiteNavLink>
            </li>
          </ul>
        </nav>
        {/* Stories kept on this device by the service worker: listed by the reader script when there are some. */}
        <section
          data-offline-menu
          hidden
          aria-labelledby="offline-menu-title"
          className="mt-6 border-t border-slate-200 pt-4"
        >
          <h2
            id="offline-menu-title"
            className="px-3 pb-1 text-xs font-bold tracking-wider text-slate-500 uppercase"
          >
            {t("offline.menuTitle")}
          </h2>
          <ul data-offline-list className="space-y-1" />
        </section>
        {/* On a lite page the notice above the header undoes lite mode: no offer here. */}
        {isLite ? null : (
          <div className="mt-4 px-3">
            <LiteOffer className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-100" />
          </div>
        )}
        {/* No rule above nothing: the part shows only with a social link set in Settings. */}
        {socialLinksFrom(social).length > 0 ? (
          <div className="mt-6 border-t border-slate-200 px-3 pt-5">
            <SocialLinks links={social} />
          </div>
        ) : null}
      </div>
    </details>
  );
}
