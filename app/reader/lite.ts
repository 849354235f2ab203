/**
 * The lite pages' script (decision record 019): a reader who saves data gets only the parts a lite
 * page needs, a fifth of the full script (app/reader/reader.ts): photos shown when tapped, the view
 * count, and offline reading, whose worker is fetched only from the reader's second page on.
 */
import { wireLitePhotos } from "./lite-photos";
import { wireOfflineReading } from "./offline";
import { countView } from "./view-counter";

const PARTS: [string, () => void][] = [
  ["photos", wireLitePhotos],
  // Lite pages carry no `nd-text` island (decision record 022; reading one would cost their 15 KB budget
  // 0.3 KB): the count in English, as `script.views` says it.
  ["view counter", () => countView((n) => `${n.toLocaleString("en")} ${n === 1 ? "view" : "views"}`)],
  ["offline reading", () => wireOfflineReading({ fromSecondPage: true })],
];

// One part failing leaves the others working.
for (const [name, wire] of PARTS) {
  try {
    wire();
  } catch (error) {
    console.error(`[reader] ${name} could not start`, error);
  }
}
