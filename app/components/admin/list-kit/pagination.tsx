import { Link } from "react-router";
import { pageWindow } from "#app/lib/pagination";

/**
 * Every back-office list's pages, counted on the server: "Showing X to Y of Z", previous / next and the
 * numbered window of `pageWindow` (first, last, current ±1). Plain links, so paging works without JavaScript.
 */
export function ListPagination({
  page,
  pageCount,
  total,
  pageSize,
  hrefFor,
  noun = "articles",
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  hrefFor(page: number): string;
  noun?: string;
}) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const cell = "min-w-8 rounded border px-2 py-1 text-center text-sm";
  return (
    <nav aria-label="Pagination" className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-gray-600">
        Showing {from} to {to} of {total} {noun}
      </p>
      <ul className="flex flex-wrap gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={`${cell} border-gray-300 bg-white`}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${cell} border-gray-200 text-gray-400`}>
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-current={item === page ? "page" : undefined}
                className={`${cell} inline-block ${item === page ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white"}`}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} className="px-1 text-gray-500">
              …
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={`${cell} border-gray-300 bg-white`}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={`${cell} border-gray-200 text-gray-400`}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
