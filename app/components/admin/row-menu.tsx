/**
 * A list row's actions on a phone: one "Actions" button per row opening a menu, so a row's buttons never
 * push the list sideways at 390 px. Desktop shows the same actions inline in the table (`RowActions`).
 * Built on <details> like the user menu, so it opens without JavaScript; with JavaScript it also closes
 * on a click elsewhere, on Escape and after navigating.
 */
import { EllipsisVertical } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className="relative">
      {/* Named by its text, not aria-label: a <summary> has no role that takes a label (axe). */}
      <summary className="flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 [&::-webkit-details-marker]:hidden">
        <EllipsisVertical className="h-4 w-4" aria-hidden />
        <span className="sr-only">{label}</span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 flex w-56 flex-col items-stretch rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg [&_a]:block [&_a]:px-3 [&_a]:py-2 [&_a]:text-left [&_a]:text-sm [&_button]:block [&_button]:w-full [&_button]:px-3 [&_button]:py-2 [&_button]:text-left [&_button]:text-sm">
        {children}
      </div>
    </details>
  );
}

/**
 * The row's actions, rendered twice from one list: inline from the md breakpoint up, in a `RowMenu`
 * below it. The copy that is not shown is `display: none`, out of the accessibility tree and tab order.
 */
export function RowActions({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <div className="hidden flex-wrap gap-x-2 gap-y-1 md:flex">{children}</div>
      <div className="md:hidden">
        <RowMenu label={label}>{children}</RowMenu>
      </div>
    </>
  );
}

/**
 * Class names that turn a list table into cards below the md breakpoint (one table in the DOM, so each
 * row's checkbox exists once and the bulk form works without JavaScript): the header row is hidden, each
 * row is a card with its checkbox on the left and its `RowMenu` on the right, each cell a line.
 */
export const CARD_TABLE = {
  wrapper: "rounded border border-gray-200 bg-white md:overflow-x-auto",
  table: "block w-full text-left text-sm md:table md:min-w-full",
  head: "hidden bg-gray-50 text-xs text-gray-600 uppercase md:table-header-group",
  body: "block md:table-row-group",
  row: "relative block border-t border-gray-100 py-3 pr-14 pl-10 first:border-t-0 md:table-row md:p-0 md:align-top md:first:border-t md:hover:bg-gray-50",
  cell: "block py-0.5 md:table-cell md:px-2 md:py-2",
  /** A short detail (author, date, count): on the card several share one line. */
  meta: "inline-block py-0.5 pr-3 text-xs text-gray-700 md:table-cell md:px-2 md:py-2 md:text-sm md:text-gray-900",
  check: "absolute top-3 left-3 md:static md:table-cell md:px-2 md:py-2",
  actions: "absolute top-2 right-2 md:static md:table-cell md:px-2 md:py-2",
  /** A cell's column name, shown only on the card. */
  label: "text-gray-500 md:hidden",
} as const;
