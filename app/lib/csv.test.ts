import { describe, expect, test } from "vitest";
import { toCsv } from "./csv";

describe("CSV", () => {
  test("quotes every cell and doubles quotes; commas and line breaks stay inside the cell", () => {
    expect(toCsv([["a", 'say "hi"', "x,y", "two\nlines"]])).toBe('"a","say ""hi""","x,y","two\nlines"\r\n');
  });

  test.each(["=1+1", "+1", "-2", "@SUM(A1)", "\t=1", "\r=1", '=HYPERLINK("http://evil")'])(
    "%j is neutralised with a leading apostrophe",
    (value) => {
      expect(toCsv([[value]])).toBe(`"'${value.replace(/"/g, '""')}"\r\n`);
    },
  );

  test("dates are ISO 8601, empty values empty", () => {
    expect(toCsv([[new Date("2026-01-02T03:04:05Z"), null, undefined, 7]])).toBe(
      '"2026-01-02T03:04:05.000Z","","","7"\r\n',
    );
  });
});
