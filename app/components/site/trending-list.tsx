/** The trending sidebar: up to 5 ranked articles with their views, or 'No trending articles found.' */
import { Eye, TrendingUp } from "lucide-react";
import { isoDate } from "#app/lib/dates";
import { articlePath } from "#app/lib/paths";
import { SharedPart } from "./shared-part";
import { useEditionPath } from "./use-site";
import { useMessages } from "#app/i18n/use-messages";

interface TrendingItem {
  id: string;
  slug?: string | null;
  title: string;
  views: number;
  displayDate: Date | string;
  categoryName: string | null;
}

interface TrendingListProps {
  articles: TrendingItem[];
  dateText: (date: Date | string) => string;
  title?: string;
}

/** The same list on nearly every page (decision record 020): kept as HTML by what it shows. */
export function TrendingList(props: TrendingListProps) {
  const shows = [
    props.title,
    props.articles
      .slice(0, 5)
      .map((a) => [
        a.id,
        a.slug,
        a.title,
        a.views,
        a.categoryName,
        a.displayDate,
        props.dateText(a.displayDate),
      ]),
  ];
  return (
    <SharedPart name="trending" shows={shows}>
      <TrendingSection {...props} />
    </SharedPart>
  );
}

function TrendingSection({ articles, dateText, title }: TrendingListProps) {
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <section
      aria-labelledby="trending-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2
        id="trending-heading"
        className="flex items-center gap-2 border-b-2 border-breaking pb-2 font-serif text-xl font-bold text-slate-900"
      >
        <TrendingUp aria-hidden size={20} className="text-breaking" />
        {title ?? t("trending.title")}
      </h2>
      {articles.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("trending.empty")}</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100">
          {articles.slice(0, 5).map((article, index) => (
            <li key={article.id} className="flex gap-3 py-3">
              <span
                aria-hidden
                className="w-7 shrink-0 font-serif text-2xl leading-none font-bold text-slate-300"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                {article.categoryName ? (
                  <p className="text-[0.7rem] font-bold tracking-wider text-brand-700 uppercase">
                    {article.categoryName}
                  </p>
                ) : null}
                <a
                  href={editionPath(articlePath(article))}
                  className="mt-0.5 block leading-snug font-semibold text-slate-900 hover:text-brand-700"
                >
                  {article.title}
                </a>
                <p className="mt-1 flex items-center gap-2 text-xs text-slate-500">
                  <time dateTime={isoDate(article.displayDate)}>{dateText(article.displayDate)}</time>
                  <span aria-hidden>·</span>
                  <span className="inline-flex items-center gap-1">
                    <Eye aria-hidden size={13} /> {t("script.views", { count: article.views })}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
