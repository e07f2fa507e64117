/**
 * A small RFC 4180 writer, the counterpart of the reader in manual/lib/csv.ts: records end with
 * CRLF (the last one too), a field holding a comma, a double quote, a CR, an LF or leading or
 * trailing blanks is enclosed in
 * double quotes with each quote doubled, every other field is written as is. The first record is
 * the header. A null or undefined cell is an empty field; numbers are written in their shortest
 * decimal form (`String(n)`), booleans as true/false.
 */
export type CsvCell = string | number | boolean | null | undefined

// Edge blanks are quoted too: the reader trims unquoted fields, so a note's spaces survive a round trip.
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

/** One field as RFC 4180 writes it. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  const text = typeof cell === 'number' ? numberText(cell) : String(cell)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A finite number's shortest decimal form, never exponent notation (1e-7 → 0.0000001). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`)
  const s = String(n)
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s)
  if (!m) return s
  // Shift the decimal point of the shortest digits by the exponent.
  const digits = `${m[2]}${m[3] ?? ''}`
  const point = 1 + Number(m[4])
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  return `${m[1]}${body}`
}

/** One record: its fields joined by commas, ended with CRLF. */
export const csvRecord = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`

/** A header record, then one record per row: each row's cells in the order of `columns`. */
export function toCsv<R>(
  columns: readonly { header: string; cell: (row: R) => CsvCell }[],
  rows: readonly R[],
): string {
  const out = [csvRecord(columns.map((c) => c.header))]
  for (const r of rows) out.push(csvRecord(columns.map((c) => c.cell(r))))
  return out.join('')
}
