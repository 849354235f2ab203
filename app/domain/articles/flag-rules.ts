/**
 * What the articles list says of Featured and Breaking News (isomorphic). Only a published story holds
 * a flag for readers; a draft or scheduled one that has it takes it from the live story when it is
 * published (flags.server.ts), so the list names the difference.
 */

export const FLAG_TEXT = {
  featured: "Featured",
  breaking: "Breaking News",
  featuredWhenPublished: "Featured when published",
  breakingWhenPublished: "Breaking News when published",
} as const;

export interface FlagBadge {
  flag: "featured" | "isTopStory";
  label: string;
}

/** The flag badges of one row of the articles list, Featured first. */
export function flagBadges(article: { status: string; featured: boolean; isTopStory: boolean }): FlagBadge[] {
  const isLive = article.status === "published";
  const badges: FlagBadge[] = [];
  if (article.featured)
    badges.push({ flag: "featured", label: isLive ? FLAG_TEXT.featured : FLAG_TEXT.featuredWhenPublished });
  if (article.isTopStory)
    badges.push({ flag: "isTopStory", label: isLive ? FLAG_TEXT.breaking : FLAG_TEXT.breakingWhenPublished });
  return badges;
}
