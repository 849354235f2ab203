/** An article's tags: how typed tags are cleaned, and the suggestions the tags field offers. */
const TAG_SUGGESTIONS = [
  "politics",
  "technology",
  "sports",
  "entertainment",
  "business",
  "health",
  "education",
  "environment",
  "science",
  "culture",
  "breaking",
  "exclusive",
  "analysis",
  "opinion",
  "featured",
] as const;

/** Up to 5 suggestions from the fixed list that start with (or contain) what is typed and are not chosen yet. */
export function suggestTags(typed: string, chosen: readonly string[]): string[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [];
  return TAG_SUGGESTIONS.filter((tag) => tag.includes(needle) && !chosen.includes(tag)).slice(0, 5);
}

/** Tags are trimmed, non-empty and unique (first spelling kept). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, 50);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.slice(0, 30);
}
