/** What the back office's article list says of its bulk actions' results (status labels: status-labels.ts). */

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
