/**
 * RFC 4180 records for the screener's CSV export: fields joined by commas, every record ended with
 * CRLF, a field holding a comma, a double quote, a CR or an LF (or edge blanks) enclosed in double
 * quotes with each quote doubled. null/undefined → an empty field; numbers as `String(n)` (what JSON
 * writes, so a parsed cell equals the JSON value); booleans as true/false.
 */
export type CsvCell = string | number | boolean | null | undefined

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  const text = String(cell)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const csvRecord = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`
