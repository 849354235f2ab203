/** The desktop categories bar under the header, in the preferred order. */
import type { NavCategory } from "#app/domain/categories/public.server";
import { SiteNavLink } from "./nav-link";
import { useEditionPath } from "./use-site";
import { useMessages } from "#app/i18n/use-messages";

export function CategoriesBar({ categories }: { categories: NavCategory[] }) {
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <nav aria-label={t("chrome.categoryNav")} className="hidden bg-brand-900 lg:block">
      <ul className="mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4">
        {categories.map((c) => (
          <li key={c.slug}>
            <SiteNavLink
              href={editionPath(`/category/${c.slug}`)}
              className={(isActive) =>
                `block border-b-[3px] px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-blue-50 hover:bg-white/10 ${isActive ? "border-white bg-white/10" : "border-transparent"}`
              }
            >
              {c.name}
            </SiteNavLink>
          </li>
        ))}
        <li className="ml-auto">
          <SiteNavLink
            href={editionPath("/all-articles")}
            className={() =>
              "block px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-blue-100 hover:text-white"
            }
          >
            {t("chrome.allArticles")}
          </SiteNavLink>
        </li>
      </ul>
    </nav>
  );
}
