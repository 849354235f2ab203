/** Related articles under the story: 4, the same category first ('No related articles found.'). */
import { ArticleCard, type CardArticle } from "#app/components/site/article-card";
import type { PageImages } from "#app/lib/responsive-image";
import { EXCERPT_LENGTH } from "#app/lib/text";

const NO_RELATED = "No related articles found.";

export function RelatedArticles({
  articles,
  dateText,
  images,
}: {
  articles: CardArticle[];
  dateText: (date: Date | string) => string;
  images: PageImages;
}) {
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="border-b-2 border-brand-700 pb-2 font-serif text-2xl font-bold">
        Related Articles
      </h2>
      {articles.length === 0 ? (
        <p className="mt-4 text-gray-600">{NO_RELATED}</p>
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
