/**
 * A live story's texts (decision record 016): the page renders them and the reader script writes the "N new
 * updates" button with them, so they live apart from the component (no React in the script).
 */
export const LIVE_COVERAGE_TEXT = {
  heading: "Live updates",
  live: "Live",
  ended: "Coverage ended",
  keyPoints: "Key points",
  refresh: "Refresh",
  older: "Older updates",
  newer: "Newer updates",
  none: "No updates yet. Refresh for the latest.",
  edited: "Edited",
  linkToUpdate: "Link to this update",
  shareOn: (network: string) => `Share this update on ${network}`,
  newUpdates: (count: number) => (count === 1 ? "1 new update" : `${count} new updates`),
  noNewUpdates: "No new updates yet.",
} as const;
