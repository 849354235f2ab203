/**
 * The header's search button: a link to /search (so it works without JavaScript); the reader script
 * (app/reader/menus.ts) shows the spinner for 100 ms before going there, as the spec describes.
 */
import { Loader2, Search } from "lucide-react";

export function SearchButton({ className = "" }: { className?: string }) {
  return (
    <a
      href="/search"
      aria-label="Search"
      data-search-button
      className={`group inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-brand-700 ${className}`}
    >
      <Search aria-hidden size={20} className="group-data-busy:hidden" />
      <Loader2 aria-hidden size={20} className="hidden animate-spin group-data-busy:block" />
    </a>
  );
}
