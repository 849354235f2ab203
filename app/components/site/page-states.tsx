/** Shared page pieces: the page heading band and the spec's empty and error messages. */
import { AlertTriangle, Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import { useMessages } from "#app/i18n/use-messages";

export function PageHeading({
  title,
  subtitle,
  accent,
}: {
  title: string;
  subtitle?: ReactNode;
  accent?: string;
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
        <span
          aria-hidden
          className="mb-3 block h-1 w-14 rounded"
          style={{ backgroundColor: accent ?? "var(--color-breaking)" }}
        />
        <h1 className="font-serif text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 max-w-2xl text-slate-600">{subtitle}</p> : null}
      </div>
    </header>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Newspaper aria-hidden size={40} className="mx-auto text-slate-400" />
      <p className="mt-3 text-lg font-semibold text-slate-800">{title}</p>
      {children ? <div className="mt-3 text-slate-600">{children}</div> : null}
    </div>
  );
}

export function LoadError() {
  const { t } = useMessages();
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-5 py-4 text-red-800"
    >
      <AlertTriangle aria-hidden size={22} className="shrink-0" />
      <p>{t("listing.loadError")}</p>
    </div>
  );
}
