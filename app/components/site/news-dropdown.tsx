/**
 * The header's News menu of categories. A <details> disclosure, so it opens without JavaScript; the
 * reader script (app/reader/menus.ts) also closes it on Escape and on a click elsewhere.
 */
import { ChevronDown } from "lucide-react";
import type { NavCategory } from "#app/domain/categories/public.server";

export function NewsDropdown({ categories }: { categories: NavCategory[] }) {
  return (
    <details data-menu="dropdown" className="group relative">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md px-3 font-semibold text-slate-700 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        News <ChevronDown aria-hidden size={16} className="transition group-open:rotate-180" />
      </summary>
      <ul className="absolute top-full left-0 z-40 mt-1 w-60 rounded-lg border border-slate-200 bg-white py-2 shadow-lg">
        {categories.map((c) => (
          <li key={c.slug}>
            <a
              href={`/category/${c.slug}`}
              className="flex items-center gap-2 px-4 py-2 text-slate-700 hover:bg-slate-50 hover:text-brand-700"
            >
              <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: c.color }} />
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
