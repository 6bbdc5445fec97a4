/**
 * CSV for spreadsheets, pure: every field quoted, quotes doubled, and a field that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) prefixed with an apostrophe.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: (string | number | null)[][]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
