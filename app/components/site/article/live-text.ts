/**
 * The words the reader script writes into a live story's section (decision record 016): the "N new
 * updates" button and its quiet answer. They live apart from the component (no React in the script) and
 * stay English until the `nd-text` island carries them (decision record 022, point 6); the section's own
 * words are messages (`live.*`).
 */
export const LIVE_COVERAGE_TEXT = {
  newUpdates: (count: number) => (count === 1 ? "1 new update" : `${count} new updates`),
  noNewUpdates: "No new updates yet.",
} as const;
