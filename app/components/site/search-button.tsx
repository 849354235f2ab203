/**
 * The header's search button: a link to /search (so it works without JavaScript); the reader script
 * (app/reader/menus.ts) shows the spinner for 100 ms before going there, as the spec describes.
 */
import { Loader2, Search } from "lucide-react";
import { useEditionPath, useLiteMode } from "./use-site";
import { useMessages } from "#app/i18n/use-messages";

export function SearchButton({ className = "" }: { className?: string }) {
  // A lite page's script shows no spinner: none is sent.
  const isLite = useLiteMode();
  const search = useEditionPath()("/search");
  const { t } = useMessages();
  return (
    <a
      href={search}
      aria-label={t("chrome.search")}
      data-search-button
      className={`group inline-flex h-11 min-w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-brand-700 ${className}`}
    >
      {isLite ? (
        // A lite page spells it out: a word costs less than an icon.
        <span className="px-2 text-sm font-semibold">{t("chrome.search")}</span>
      ) : (
        <Search aria-hidden size={20} className="group-data-busy:hidden" />
      )}
      {isLite ? null : (
        <Loader2 aria-hidden size={20} className="hidden animate-spin group-data-busy:block" />
      )}
    </a>
  );
}
