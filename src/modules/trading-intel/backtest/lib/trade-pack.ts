/**
 * Decoded realized trades as one packed value (base64 text), so that a tenant's first replay in a
 * process reads one value instead of 100,000 rows (trade-cache.ts; bench/README.md "Backtest").
 * Columnar: seven float64 columns (id, the five numbers, the account), then three uint32 columns indexing one
 * table of the distinct strings (symbols and both dates). Base64 text, not bytea: PGlite encodes a
 * binary parameter byte by byte (8.8 MB: 3.1 s as bytes, 0.3 s as base64; backtest.repository.ts).
 * Decoding builds each object once, with the same fields in the same order as a read from rows.
 */
import type { RealizedTrade } from '../../../portfolio/index.ts'

const VERSION = 1
const NUMBERS = ['id', 'quantity', 'proceeds', 'cost_basis', 'fees', 'gain_loss', 'account_id'] as const
const TEXTS = ['symbol', 'date_acquired', 'sold_on'] as const

export function encodeTrades(trades: readonly RealizedTrade[]): string {
  const n = trades.length
  const strings = new Map<string, number>()
  const indexOf = (s: string) => strings.get(s) ?? strings.set(s, strings.size).get(s)!
  const numbers = new Float64Array(NUMBERS.length * n)
  const texts = new Uint32Array(TEXTS.length * n)
  trades.forEach((t, i) => {
    NUMBERS.forEach((k, c) => (numbers[c * n + i] = t[k]))
    TEXTS.forEach((k, c) => (texts[c * n + i] = indexOf(t[k])))
  })
  const table = Buffer.from(JSON.stringify([...strings.keys()]))
  // Header: version, trade count, the table's byte length; the table padded so the floats align.
  const pad = (8 - ((12 + table.byteLength) % 8)) % 8
  const header = Buffer.alloc(12)
  header.writeUInt32LE(VERSION, 0)
  header.writeUInt32LE(n, 4)
  header.writeUInt32LE(table.byteLength, 8)
  return Buffer.concat([
    header,
    table,
    Buffer.alloc(pad),
    Buffer.from(numbers.buffer),
    Buffer.from(texts.buffer),
  ]).toString('base64')
}

/** The trades `encodeTrades` packed; throws on a value of another version or a damaged one. */
export function decodeTrades(packed: string): RealizedTrade[] {
  const raw = Buffer.from(packed, 'base64')
  if (raw.byteLength < 12 || raw.readUInt32LE(0) !== VERSION) throw new Error('trade pack: unknown version')
  const n = raw.readUInt32LE(4)
  const tableBytes = raw.readUInt32LE(8)
  const at = 12 + tableBytes + ((8 - ((12 + tableBytes) % 8)) % 8)
  if (raw.byteLength !== at + n * (NUMBERS.length * 8 + TEXTS.length * 4))
    throw new Error('trade pack: wrong length')
  const strings = JSON.parse(raw.toString('utf8', 12, 12 + tableBytes)) as string[]
  // A copy: the base64 decoder's buffer may sit at any offset of a shared pool.
  const body = raw.buffer.slice(raw.byteOffset + at, raw.byteOffset + raw.byteLength)
  const f = new Float64Array(body, 0, NUMBERS.length * n)
  const s = new Uint32Array(body, NUMBERS.length * n * 8, TEXTS.length * n)
  const out = new Array<RealizedTrade>(n)
  for (let i = 0; i < n; i++)
    out[i] = {
      id: f[i]!,
      symbol: strings[s[i]!]!,
      quantity: f[n + i]!,
      date_acquired: strings[s[n + i]!]!,
      sold_on: strings[s[2 * n + i]!]!,
      proceeds: f[2 * n + i]!,
      cost_basis: f[3 * n + i]!,
      fees: f[4 * n + i]!,
      gain_loss: f[5 * n + i]!,
      account_id: f[6 * n + i]!,
    }
  return out
}
