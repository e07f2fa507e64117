/**
 * Reads a CSV file for the import preview only (the API parses and validates the file itself):
 * RFC 4180 quoting, CRLF or LF, an optional BOM; blank lines are skipped but keep their line numbers,
 * so a row here has the same line number as in the API's errors (the header is line 1).
 */
export interface CsvLine {
  line: number
  cells: string[]
}

export function readCsv(text: string, maxRows = 500): { header: string[]; rows: CsvLine[]; total: number } {
  const lines: CsvLine[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  const endRow = () => {
    cells.push(cell)
    if (cells.length > 1 || cells[0] !== '') lines.push({ line: start, cells })
    cells = []
    cell = ''
  }
  const s = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else {
        if (c === '\n') line++
        cell += c
      }
    } else if (c === '"') quoted = true
    else if (c === ',') {
      cells.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++
      endRow()
      line++
      start = line
    } else cell += c
  }
  if (cell !== '' || cells.length > 0) endRow()
  const [header, ...rows] = lines
  return { header: header?.cells ?? [], rows: rows.slice(0, maxRows), total: rows.length }
}
