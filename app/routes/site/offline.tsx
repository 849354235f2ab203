/**
 * The offline page (decision record 019): what the service worker (public/service-worker.js) shows for a page
 * that was not kept when the network is gone. It is fetched and kept in the background like the stories; the
 * list of stories kept on this device is filled in by the reader script from the worker's cache
 * (app/reader/offline.ts). Online it is a plain page, kept out of search engines.
 */
import { WifiOff } from "lucide-react";
import { useEditionPath } from "#app/components/site/use-site";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/offline";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { pageEditionOf } from "./edition.server";
import { messagesFor } from "#app/i18n/messages.server";
import { useMessages } from "#app/i18n/use-messages";

export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) => {
  const { tag } = await pageEditionOf(context.db, params);
  return { title: messagesFor(tag).t("offline.title") };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  errorPageMeta(siteMetaFrom(matches), loaderData?.title ?? "");

export default function OfflinePage() {
  const home = useEditionPath()("/");
  const { t } = useMessages();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <WifiOff aria-hidden size={40} className="text-slate-500" />
      <h1 className="mt-4 font-serif text-3xl font-bold text-slate-900">{t("offline.title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("offline.message")}</p>
      <h2 className="mt-8 text-xl font-bold text-slate-900">{t("offline.listTitle")}</h2>
      <ul data-offline-list className="mt-3 divide-y divide-slate-200 border-y border-slate-200" />
      <p data-offline-empty className="mt-3 text-slate-600">
        {t("offline.empty")}
      </p>
      <a
        href={home}
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-600"
      >
        {t("offline.tryHome")}
      </a>
    </main>
  );
}
