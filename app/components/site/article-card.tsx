/**
 * The listing card used by the home page, category pages, all articles, latest and featured news:
 * image, category, badges, title linking to the article, plain-text excerpt, author (or 'Anonymous', in the page's language),
 * date and Read More. The whole card is clickable through the title link's stretched overlay.
 */
import { ArrowRight } from "lucide-react";
import { isoDate } from "#app/lib/dates";
import { articlePath, authorPath } from "#app/lib/paths";
import type { ImagePlace, PageImage } from "#app/lib/responsive-image";
import { truncate } from "#app/lib/text";
import { CardImage } from "./card-image";
import { CategoryBadge, FlagBadge, type FlagBadgeKind } from "./category-badge";
import { SharedPart } from "./shared-part";
import { useEditionPath, useLiteMode } from "./use-site";
import { useMessages } from "#app/i18n/use-messages";

/** What a card needs; the domain's ArticleCard (serialised) fits. */
export interface CardArticle {
  id: string;
  slug?: string | null;
  /** The byline's author page, when it has one. */
  authorSlug?: string | null;
  title: string;
  summary: string;
  imageUrl: string;
  authorName: string;
  isTopStory: boolean;
  featured: boolean;
  displayDate: Date | string;
  categoryName: string | null;
  categorySlug: string | null;
  categoryColor: string | null;
  /** Live coverage running (decision record 016): the Live badge, on every listing. */
  isLive?: boolean;
}

interface ArticleCardProps {
  article: CardArticle;
  excerptLength: number;
  /** The date as the page shows it (site format or relative). */
  dateText: string;
  /** Which flags to show as badges (breaking news on listings, featured on the featured grids); labels in FLAG_LABEL (message keys). */
  badges?: FlagBadgeKind[];
  headingLevel?: "h2" | "h3";
  showReadMore?: boolean;
  /** The stored copies of the card's image, when it is an upload (the page loader's `images`). */
  image?: PageImage | null;
  /** Which grid the card sits in, for the image's `sizes`. */
  imagePlace?: ImagePlace;
  /** The listing's first card, above the fold on a phone: its image is fetched first, not lazily. */
  isLead?: boolean;
}

/** The author's name, linking to their page when they have one (above the card's stretched title link). */
function Byline({ article }: { article: CardArticle }) {
  const { t } = useMessages();
  const name = article.authorName.trim() || t("listing.anonymous");
  const editionPath = useEditionPath();
  if (!article.authorSlug) return <span className="font-medium text-slate-700">{name}</span>;
  return (
    <a
      href={editionPath(authorPath(article.authorSlug))}
      className="relative z-10 font-medium text-slate-700 hover:text-brand-700 hover:underline"
    >
      {name}
    </a>
  );
}

/**
 * A card shows the same on every page that lists its story (decision record 020): kept as HTML by what it
 * shows. Not the lead card: its photo is fetched first, which React announces in the page's head.
 */
export function ArticleCard(props: ArticleCardProps) {
  const isLite = useLiteMode();
  if (props.isLead) return <CardBody {...props} />;
  const { article: a, ...rest } = props;
  const shows = [
    [a.id, a.slug, a.authorSlug, a.title, a.summary, a.imageUrl, a.authorName, a.isTopStory, a.featured],
    [a.displayDate, a.categoryName, a.categorySlug, a.categoryColor, a.isLive, isLite],
    rest,
  ];
  return (
    <SharedPart name="card" shows={shows}>
      <CardBody {...props} />
    </SharedPart>
  );
}

function CardBody({
  article,
  excerptLength,
  dateText,
  badges = [],
  headingLevel: Heading = "h3",
  showReadMore = true,
  image,
  imagePlace = "card",
  isLead = false,
}: ArticleCardProps) {
  const flagged: Record<FlagBadgeKind, boolean> = {
    live: article.isLive === true,
    breakingNews: article.isTopStory,
    featured: article.featured,
  };
  // Live comes first and on every listing: it is what a reader opening the page now gets.
  const shown = (["live", ...badges.filter((kind) => kind !== "live")] as FlagBadgeKind[]).filter(
    (kind) => flagged[kind],
  );
  const href = useEditionPath()(articlePath(article));
  const { t } = useMessages();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative overflow-hidden">
        <CardImage
          src={article.imageUrl}
          image={image}
          place={imagePlace}
          isPriority={isLead}
          className="transition duration-300 group-hover:scale-[1.02]"
        />
        {shown.length > 0 ? (
          <div className="absolute top-2 left-2 flex gap-1.5">
            {shown.map((kind) => (
              <FlagBadge key={kind} kind={kind} />
            ))}
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="mb-2">
          <CategoryBadge
            name={article.categoryName}
            slug={article.categorySlug}
            color={article.categoryColor}
          />
        </div>
        <Heading className="font-serif text-lg leading-snug font-bold text-slate-900">
          <a
            href={href}
            className="after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none group-focus-within:underline"
          >
            {article.title}
          </a>
        </Heading>
        {article.summary ? (
          <p className="mt-2 text-[0.95rem] leading-relaxed text-slate-600">
            {truncate(article.summary, excerptLength)}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-4 text-sm text-slate-500">
          <span>
            <Byline article={article} />
            <span aria-hidden> · </span>
            <time dateTime={isoDate(article.displayDate)}>{dateText}</time>
          </span>
          {showReadMore ? (
            <span aria-hidden className="inline-flex items-center gap-1 font-semibold text-brand-700">
              {t("listing.readMore")} <ArrowRight size={15} />
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The compact row the home page's Latest News list uses: thumbnail beside the text. */
export function ArticleListItem({
  article,
  excerptLength,
  dateText,
  image,
}: {
  article: CardArticle;
  excerptLength: number;
  dateText: string;
  image?: PageImage | null;
}) {
  const href = useEditionPath()(articlePath(article));
  return (
    <article className="group relative flex gap-4 py-4">
      <div className="w-28 shrink-0 overflow-hidden rounded-md sm:w-44">
        <CardImage src={article.imageUrl} image={image} place="thumbnail" width={480} height={320} />
      </div>
      <div className="min-w-0 flex-1">
        <CategoryBadge
          name={article.categoryName}
          slug={article.categorySlug}
          color={article.categoryColor}
        />
        <h3 className="mt-1.5 font-serif text-base leading-snug font-bold text-slate-900 sm:text-lg">
          <a href={href} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {article.title}
          </a>
        </h3>
        {article.summary ? (
          <p className="mt-1 hidden text-sm leading-relaxed text-slate-600 sm:block">
            {truncate(article.summary, excerptLength)}
          </p>
        ) : null}
        <p className="mt-1.5 text-xs text-slate-500">
          <Byline article={article} />
          <span aria-hidden> · </span>
          <time dateTime={isoDate(article.displayDate)}>{dateText}</time>
        </p>
      </div>
    </article>
  );
}
