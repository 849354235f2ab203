/**
 * Page controls: previous/next and the numbered window (first, last, current ±1, ellipses). Plain
 * links with `?page=`, so paging works without JavaScript and every page has its own address.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageWindow } from "#app/lib/pagination";

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
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-2">
      {hasPrevious ? (
        <a
          href={pageHref(basePath, page - 1)}
          rel="prev"
          className={`${BOX} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          <ChevronLeft aria-hidden size={16} /> Previous
        </a>
      ) : (
        <span aria-disabled="true" className={`${BOX} border-slate-200 text-slate-400`}>
          <ChevronLeft aria-hidden size={16} /> Previous
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
                  aria-label={`Page ${item}`}
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
          Next <ChevronRight aria-hidden size={16} />
        </a>
      ) : (
        <span aria-disabled="true" className={`${BOX} border-slate-200 text-slate-400`}>
          Next <ChevronRight aria-hidden size={16} />
        </span>
      )}
    </nav>
  );
}
