/**
 * Page controls: previous/next and the numbered window (first, last, current ±1, ellipses). Plain
 * links with `?page=`, so paging works without JavaScript and every page has its own address.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageWindow } from "#app/lib/pagination";
import { useMessages } from "#app/i18n/use-messages";

/** `basePath` may carry its own query (`/search?q=cocoa`): the page joins it. */
function pageHref(basePath: string, page: number) {
  if (page <= 1) return basePath;
  return `${basePath}${basePath.includes("?") ? "&" : "?"}page=${page}`;
}

const BOX =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium";

export function Pagination({
  page,
  totalPages,
  basePath,
}: {
  page: number;
  totalPages: number;
  basePath: string;
}) {
  const { t } = useMessages();
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-center gap-2">
      {hasPrevious ? (
        <a
          href={pageHref(basePath, page - 1)}
          rel="prev"
          className={`${BOX} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          <ChevronLeft aria-hidden size={16} /> {t("pagination.previous")}
        </a>
      ) : (
        <span aria-disabled="true" className={`${BOX} border-slate-200 text-slate-400`}>
          <ChevronLeft aria-hidden size={16} /> {t("pagination.previous")}
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, totalPages).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" className={`${BOX} border-brand-700 bg-brand-700 text-white`}>
                  {item}
                </span>
              ) : (
                <a
                  href={pageHref(basePath, item)}
                  aria-label={t("pagination.page", { page: item })}
                  className={`${BOX} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
                >
                  {item}
                </a>
              )}
            </li>
          ) : (
            <li key={item} aria-hidden className="px-1 text-slate-400">
              …
            </li>
          ),
        )}
      </ul>
      {hasNext ? (
        <a
          href={pageHref(basePath, page + 1)}
          rel="next"
          className={`${BOX} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          {t("pagination.next")} <ChevronRight aria-hidden size={16} />
        </a>
      ) : (
        <span aria-disabled="true" className={`${BOX} border-slate-200 text-slate-400`}>
          {t("pagination.next")} <ChevronRight aria-hidden size={16} />
        </span>
      )}
    </nav>
  );
}
