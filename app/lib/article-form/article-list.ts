/** What the back office's article list says: the status labels and the bulk actions' results. */
import type { ArticleStatus } from "#app/lib/enums";

/** The bulk result dialogs of the article list. */
export const bulkResultText = (processed: number, failed: number) => {
  const total = processed + failed;
  if (failed === 0) return { type: "success" as const, title: `Successfully processed ${total} articles!` };
  if (processed === 0)
    return { type: "error" as const, title: `Failed to process all ${total} articles. Please try again.` };
  return {
    type: "warning" as const,
    title: `Processed ${processed} of ${total} articles with ${failed} ${failed === 1 ? "error" : "errors"}.`,
  };
};

export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: "Draft",
  published: "Published",
  pending: "Pending Review",
  scheduled: "Scheduled",
};
