import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("CSV export", () => {
  it("quotes every field, doubles quotes and keeps commas and line breaks inside their field", () => {
    expect(toCsv([["a", 'say "hi"', "x, y", "two\nlines", 12, null]])).toBe('"a","say ""hi""","x, y","two\nlines","12",""\r\n');
  });

  it("never lets a spreadsheet run a field as a formula", () => {
    expect(toCsv([['=HYPERLINK("http://evil")', "+919876543210", "-1", "@SUM(A1)", "\tx"]])).toBe(
      `"'=HYPERLINK(""http://evil"")","'+919876543210","'-1","'@SUM(A1)","'\tx"\r\n`,
    );
  });
});
