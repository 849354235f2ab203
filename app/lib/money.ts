/**
 * Money as Newsdesk keeps it (decision record 021): integers in the currency's smallest unit, pesewas for
 * GHS (GHS 1 = 100 pesewas), so no sum or price is ever a float. Isomorphic.
 */

/** Pesewas as the back office shows money: "GHS 1,234.50". Integer arithmetic: no float rounding. */
export function formatGhs(pesewas: number): string {
  return `GHS ${ghsNumber(pesewas, true)}`;
}

/** Pesewas as a plain decimal ("1234.50"), for a spreadsheet; `grouped` adds thousands commas. */
export function ghsNumber(pesewas: number, grouped = false): string {
  const sign = pesewas < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(pesewas));
  const cedis = Math.floor(abs / 100);
  const whole = grouped ? cedis.toLocaleString("en-US") : String(cedis);
  return `${sign}${whole}.${String(abs % 100).padStart(2, "0")}`;
}
