/**
 * A calendar for a date field whose weeks start on the site's day (Settings → Content, 'Week Starts On'),
 * which a native date input cannot honour. The native `<input type="date">` stays the field that is
 * posted (YYYY-MM-DD, works without JavaScript); this grid only fills it in.
 *
 * Keyboard (WAI-ARIA date picker dialog pattern): arrows move a day / a week, Home/End to the week's
 * first/last day, PageUp/PageDown a month, Enter or Space chooses, Escape closes.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Dates as calendar days (UTC midnight), so no timezone can shift a day. */
const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const addDays = (date: Date, n: number) =>
  day(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + n);
const addMonths = (date: Date, n: number) => {
  const target = day(date.getUTCFullYear(), date.getUTCMonth() + n, 1);
  const last = day(target.getUTCFullYear(), target.getUTCMonth() + 1, 0).getUTCDate();
  return day(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), last));
};
export const toIsoDay = (date: Date) => date.toISOString().slice(0, 10);
export function parseIsoDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? day(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** The weeks shown for a month: whole weeks, each starting on `weekStartsOn` (0 Sunday, 1 Monday). */
export function monthGrid(year: number, month: number, weekStartsOn: number): Date[][] {
  const first = day(year, month, 1);
  const start = addDays(first, -((first.getUTCDay() - weekStartsOn + 7) % 7));
  const weeks: Date[][] = [];
  for (let cursor = start; weeks.length === 0 || cursor.getUTCMonth() === month;) {
    const week: Date[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

export function DatePickerButton({
  inputId,
  weekStartsOn,
  disabled,
}: {
  /** The native date input this calendar fills in. */
  inputId: string;
  weekStartsOn: number;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<Date>(() => day(2000, 0, 1));
  const [selected, setSelected] = useState<string>("");
  const gridRef = useRef<HTMLTableElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const input = () => document.getElementById(inputId) as HTMLInputElement | null;

  useEffect(() => {
    if (open) gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [open, focused]);

  const openCalendar = () => {
    const value = input()?.value ?? "";
    const now = new Date();
    setSelected(value);
    setFocused(parseIsoDay(value) ?? day(now.getFullYear(), now.getMonth(), now.getDate()));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (date: Date) => {
    const field = input();
    if (field) {
      field.value = toIsoDay(date);
      // The form's own change tracking (unsaved changes) hears of it as if typed.
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -((focused.getUTCDay() - weekStartsOn + 7) % 7)),
      End: () => addDays(focused, 6 - ((focused.getUTCDay() - weekStartsOn + 7) % 7)),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocused(move());
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(focused);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };

  const year = focused.getUTCFullYear();
  const month = focused.getUTCMonth();
  const heading = `${MONTHS[month]} ${year}`;
  const dayNames = [...Array(7).keys()].map((i) => DAY_NAMES[(i + weekStartsOn) % 7] ?? "");
  const navButton = "rounded px-2 py-1 text-sm hover:bg-gray-100";
  return (
    <div className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close() : openCalendar())}
        className="mt-1 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm hover:bg-gray-50 disabled:opacity-50"
      >
        Choose date
      </button>
      {open ? (
        <div
          role="dialog"
          aria-modal="false"
          aria-label={`Choose date, ${heading}`}
          className="absolute z-20 mt-1 rounded-md border border-gray-200 bg-white p-3 shadow-lg"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <button type="button" className={navButton} onClick={() => setFocused(addMonths(focused, -1))}>
              <span aria-hidden>‹</span>
              <span className="sr-only">Previous month</span>
            </button>
            <h3 aria-live="polite" className="text-sm font-semibold">
              {heading}
            </h3>
            <button type="button" className={navButton} onClick={() => setFocused(addMonths(focused, 1))}>
              <span aria-hidden>›</span>
              <span className="sr-only">Next month</span>
            </button>
          </div>
          <table
            ref={gridRef}
            role="grid"
            aria-label={heading}
            onKeyDown={onKeyDown}
            className="text-center text-sm"
          >
            <thead>
              <tr>
                {dayNames.map((name) => (
                  <th
                    key={name}
                    scope="col"
                    abbr={name}
                    className="px-1 pb-1 text-xs font-medium text-gray-500"
                  >
                    {name.slice(0, 2)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(year, month, weekStartsOn).map((week) => (
                <tr key={toIsoDay(week[0]!)}>
                  {week.map((date) => {
                    const iso = toIsoDay(date);
                    const isFocused = iso === toIsoDay(focused);
                    const inMonth = date.getUTCMonth() === month;
                    return (
                      <td key={iso} role="gridcell" aria-selected={iso === selected}>
                        <button
                          type="button"
                          tabIndex={isFocused ? 0 : -1}
                          onClick={() => choose(date)}
                          aria-label={`${DAY_NAMES[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`}
                          className={`h-8 w-8 rounded ${inMonth ? "text-gray-900" : "text-gray-400"} ${
                            iso === selected ? "bg-brand-700 text-white" : "hover:bg-gray-100"
                          } focus:ring-2 focus:ring-brand-600 focus:outline-none`}
                        >
                          {date.getUTCDate()}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
