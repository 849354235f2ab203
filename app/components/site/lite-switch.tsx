/**
 * Lite mode's switch (decision record 019): plain forms posting to /lite, so they work without a script.
 * On a lite page a notice above the header says why photos wait and offers the full page; elsewhere the
 * footer and the phone menu offer lite mode.
 */
import { Feather } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import type { loader } from "#app/routes/site/layout";
import { useMessages } from "#app/i18n/use-messages";

function useLiteReason() {
  return useRouteLoaderData<typeof loader>("routes/site/layout")?.lite ?? null;
}

/** Posts the choice; the server sends the reader back to this page (by its Referer). */
function LiteForm({
  lite,
  className,
  children,
}: {
  lite: boolean;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <form method="post" action="/lite">
      <input type="hidden" name="lite" value={lite ? "on" : "off"} />
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}

/** Above the header on a lite page: why photos wait, and the way back to the full page. */
export function LiteNotice() {
  const reason = useLiteReason();
  const { t } = useMessages();
  if (!reason) return null;
  return (
    <div role="note" aria-label={t("lite.label")} className="border-b border-slate-200 bg-slate-100">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 text-sm text-slate-800">
        <p>{reason === "chosen" ? t("lite.chosenNotice") : t("lite.saveDataNotice")}</p>
        <LiteForm
          lite={false}
          className="min-h-11 font-semibold text-brand-700 underline hover:text-brand-900"
        >
          {t("lite.turnOff")}
        </LiteForm>
      </div>
    </div>
  );
}

/** The offer of lite mode (footer, phone menu), on full pages only. */
export function LiteOffer({ className }: { className: string }) {
  const reason = useLiteReason();
  const { t } = useMessages();
  if (reason) return null;
  return (
    <LiteForm lite className={className}>
      <Feather aria-hidden size={16} className="shrink-0" />
      <span>
        {t("lite.turnOn")}
        <span className="sr-only">: {t("lite.turnOnHint")}</span>
      </span>
    </LiteForm>
  );
}
