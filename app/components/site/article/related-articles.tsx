/** Related articles under the story: 4, the same category first ('No related articles found.'). */
import { ArticleCard, type CardArticle } from "#app/components/site/article-card";
import type { PageImages } from "#app/lib/responsive-image";
import { articlePath } from "#app/lib/paths";
import { EXCERPT_LENGTH } from "#app/lib/text";
import { useEditionPath, useLiteMode } from "../use-site";
import { useMessages } from "#app/i18n/use-messages";

export function RelatedArticles({
  articles,
  dateText,
  images,
}: {
  articles: CardArticle[];
  dateText: (date: Date | string) => string;
  images: PageImages;
}) {
  const isLite = useLiteMode();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="border-b-2 border-brand-700 pb-2 font-serif text-2xl font-bold">
        {t("article.related")}
      </h2>
      {articles.length === 0 ? (
        <p className="mt-4 text-gray-600">{t("article.noRelated")}</p>
      ) : isLite ? (
        // A lite page (the reader saves data): the headlines, without cards or photos.
        <ul className="mt-4 divide-y divide-gray-200">
          {articles.map((article) => (
            <li key={article.id} className="py-3">
              <a
                href={editionPath(articlePath(article))}
                className="font-semibold text-gray-900 hover:text-brand-700"
              >
                {article.title}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-5 grid gap-5 sm:grid-cols-2">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard
                article={article}
                excerptLength={EXCERPT_LENGTH.listing}
                dateText={dateText(article.displayDate)}
                showReadMore={false}
                image={images[article.imageUrl]}
                imagePlace="related"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
