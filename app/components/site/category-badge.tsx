/** A category label in the category's own colour, linking to its page. */
import { categorySlug } from "#app/lib/slug";
import { useEditionPath } from "./use-site";
import { type MessageKey, useMessages } from "#app/i18n/use-messages";

const FALLBACK_COLOR = "#1e3a8a";

/** Stored colours are admin input: only a hex colour reaches the style attribute. */
export function badgeColor(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : FALLBACK_COLOR;
}

export function CategoryBadge({
  name,
  slug,
  color,
  isLink = true,
}: {
  name: string | null;
  slug?: string | null;
  color?: string | null;
  isLink?: boolean;
}) {
  const editionPath = useEditionPath();
  if (!name) return null;
  const className =
    "inline-flex items-center rounded px-2 py-0.5 text-[0.7rem] font-bold tracking-wider text-white uppercase shadow-sm";
  const style = { backgroundColor: badgeColor(color) };
  if (!isLink)
    return (
      <span className={className} style={style}>
        {name}
      </span>
    );
  return (
    <a
      href={editionPath(`/category/${slug || categorySlug(name)}`)}
      className={`${className} relative z-10 hover:opacity-90`}
      style={style}
    >
      {name}
    </a>
  );
}

/**
 * One vocabulary for the story flags wherever readers see them: the spec names `isTopStory` "shown as
 * Breaking News" (decision record 007, "One label"), the home hero's badge and the back office say so too.
 * (The observed app also said 'Top Story' and 'Breaking' on other pages for the same flag.)
 * Their words are messages (`flag.*`). "Live" marks a story whose live coverage is running (decision record 016).
 */
export const FLAG_LABEL = {
  breakingNews: "flag.breakingNews",
  featured: "flag.featured",
  live: "flag.live",
} as const satisfies Record<string, MessageKey>;

export type FlagBadgeKind = keyof typeof FLAG_LABEL;

const FLAG_STYLE: Record<FlagBadgeKind, string> = {
  breakingNews: "bg-breaking text-white",
  featured: "bg-amber-400 text-amber-950",
  live: "bg-red-700 text-white",
};

export function FlagBadge({ kind }: { kind: FlagBadgeKind }) {
  const { t } = useMessages();
  return (
    <span
      className={`inline-flex items-center rounded px-2 py-0.5 text-[0.7rem] font-bold tracking-wider uppercase shadow-sm ${FLAG_STYLE[kind]}`}
    >
      {t(FLAG_LABEL[kind])}
    </span>
  );
}
