/**
 * CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, rows ended by CRLF. A cell that
 * begins with = + - @ (or a tab or carriage return) gets a leading apostrophe, so Excel, LibreOffice and
 * Google Sheets show it as text instead of running it as a formula (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | Date | null | undefined): string {
  const text =
    value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | Date | null | undefined>>): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
