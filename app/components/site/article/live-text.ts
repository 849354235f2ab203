/**
 * The English the reader script bundles for its quiet answer in a live story's section (decision record
 * 016), apart from the component (no React in the script); an edition page's `nd-text` island gives its
 * own (decision record 022, point 6). The section's own words are messages (`live.*`).
 */
export const LIVE_COVERAGE_TEXT = {
  noNewUpdates: "No new updates yet.",
} as const;
