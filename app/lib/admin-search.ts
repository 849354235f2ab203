/** The back office's list search boxes (articles, categories, comments, messages, subscribers, issues). */
/** Admin list search boxes: '<' and '>' stripped, trimmed, cut at the list's limit. */
export function adminSearchTerm(value: string | null | undefined, max: number): string {
  return (value ?? "").replace(/[<>]/g, "").trim().slice(0, max);
}
export const SEARCH_LIMITS = { articles: 100, categories: 100, comments: 200 } as const;
