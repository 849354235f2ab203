/** The article's heading block: category, title, author with image, long date and read time. */
import { Clock, Eye } from "lucide-react";
import { isoDate } from "#app/lib/dates";
import { FALLBACK_CLASS, initialOf } from "../image-fallback";
import { useEditionPath, useLiteMode } from "../use-site";
import { messageAround, type Translate, useMessages } from "#app/i18n/use-messages";

interface ArticleHeaderProps {
  title: string;
  categoryName: string | null;
  categorySlug: string | null;
  categoryColor: string | null;
  authorName: string;
  authorImage: string;
  /** The author's page, when the byline names a staff member who has one. */
  authorHref?: string | null;
  date: Date | string;
  dateText: string;
  readTime: string;
  views: number;
}

/**
 * The author's picture, or their initial when there is none, it fails (see image-fallback.ts) or the
 * page is lite (a face is not worth a reader's data).
 */
function AuthorAvatar({ name, image }: { name: string; image: string }) {
  const isLite = useLiteMode();
  if (!image || isLite) {
    return (
      <span aria-hidden className={FALLBACK_CLASS.avatar}>
        {initialOf(name)}
      </span>
    );
  }
  return (
    <img
      src={image}
      alt=""
      width={44}
      height={44}
      data-fallback="avatar"
      data-initial={initialOf(name)}
      className="size-11 shrink-0 rounded-full object-cover"
    />
  );
}

/** The stored read time ("4 min read", as the save writes it) in the page's words; else as typed. */
function readTimeText(readTime: string, t: Translate): string {
  const minutes = /^(\d+) min read$/.exec(readTime.trim())?.[1];
  return minutes ? t("article.readTime", { minutes }) : readTime;
}

export function ArticleHeader(props: ArticleHeaderProps) {
  const { t } = useMessages();
  const author = props.authorName.trim() || t("listing.anonymous");
  const [byBefore, byAfter] = messageAround(t, "article.by", "author");
  // A lite page (the reader saves data) spells the facts out without their icons.
  const isLite = useLiteMode();
  const editionPath = useEditionPath();
  return (
    <header>
      {props.categoryName ? (
        <a
          href={editionPath(`/category/${props.categorySlug}`)}
          style={{ backgroundColor: props.categoryColor ?? undefined }}
          className="inline-flex min-h-8 items-center rounded bg-brand-700 px-2.5 text-xs font-bold tracking-wide text-white uppercase hover:opacity-90"
        >
          {props.categoryName}
        </a>
      ) : null}
      <h1 className="mt-3 font-serif text-[1.85rem] leading-tight font-bold text-gray-950 sm:text-4xl lg:text-[2.6rem]">
        {props.title}
      </h1>
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-3 border-y border-gray-200 py-3 text-sm text-gray-600">
        <div className="flex items-center gap-3">
          <AuthorAvatar name={author} image={props.authorImage} />
          <div>
            <p className="font-semibold text-gray-900">
              {byBefore}
              {props.authorHref ? (
                <a
                  href={editionPath(props.authorHref)}
                  rel="author"
                  className="underline-offset-2 hover:text-brand-700 hover:underline"
                >
                  {author}
                </a>
              ) : (
                author
              )}
              {byAfter}
            </p>
            <time dateTime={isoDate(props.date)}>{props.dateText}</time>
          </div>
        </div>
        <div className="flex items-center gap-4 sm:ml-auto">
          {props.readTime ? (
            <span className="inline-flex items-center gap-1.5">
              {isLite ? null : <Clock aria-hidden size={16} />} {readTimeText(props.readTime, t)}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            {isLite ? null : <Eye aria-hidden size={16} />}
            {/* The reader script shows the total its own counted view came back with (view-counter.ts). */}
            <span data-view-count={props.views}>{t("script.views", { count: props.views })}</span>
          </span>
        </div>
      </div>
    </header>
  );
}
