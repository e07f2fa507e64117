/**
 * The stored per-trade log: fixed-width binary records, 11 float64 each (88 bytes), in exit-date
 * order, so that storing 100,000 trades is one typed-array fill (no JSON of 12 MB) and a page is a
 * `substring` of the column (offset × 88) rather than a read of the whole log. Symbols are numbered
 * into a list stored beside it. Little-endian, as every platform Node runs on here.
 */
import type { Selection } from './select.ts'
import { dayString } from './calendar.ts'
import { money, price, ratio } from './summary.ts'

/** Record layout: id, symbol index, entry day, exit day, scale, quantity, cost_basis, proceeds, fees, gain_loss, priced. */
export const SLOTS = 11
export const RECORD_BYTES = SLOTS * 8

export interface TradeLogItem {
  trade_id: number
  symbol: string
  entry_date: string
  exit_date: string
  holding_days: number
  scale: number
  quantity: number | null
  entry_price: number | null
  exit_price: number | null
  cost: number | null
  proceeds: number | null
  fees: number | null
  pnl: number | null
  return_pct: number | null
  priced: boolean
}

export function encodeLog(
  sel: Selection,
  symbolOf: Int32Array,
  scale: Float64Array,
  priced: (symbol: number) => boolean,
): Uint8Array {
  const n = sel.trades.length
  const rec = new Float64Array(n * SLOTS)
  for (let t = 0, o = 0; t < n; t++, o += SLOTS) {
    const tr = sel.trades[t]!
    rec[o] = tr.id
    rec[o + 1] = symbolOf[t]!
    rec[o + 2] = sel.entryDay[t]!
    rec[o + 3] = sel.exitDay[t]!
    rec[o + 4] = scale[t]!
    rec[o + 5] = tr.quantity
    rec[o + 6] = tr.cost_basis
    rec[o + 7] = tr.proceeds
    rec[o + 8] = tr.fees
    rec[o + 9] = tr.gain_loss
    rec[o + 10] = priced(symbolOf[t]!) ? 1 : 0
  }
  return new Uint8Array(rec.buffer)
}

/** The records of `bytes` (whole records; a copy makes them 8-byte aligned) as log items. */
export function decodeLog(bytes: Uint8Array, symbols: readonly string[]): TradeLogItem[] {
  const whole = bytes.byteLength - (bytes.byteLength % RECORD_BYTES)
  // A copy, never `bytes.slice`: on a Node Buffer (pg's bytea) slice is a view into a shared pool.
  const copy = new Uint8Array(whole)
  copy.set(bytes.subarray(0, whole))
  const rec = new Float64Array(copy.buffer)
  const out: TradeLogItem[] = []
  for (let o = 0; o < rec.length; o += SLOTS) {
    const [id, sym, entry, exit, k, qty, cost, proceeds, fees, pnl, priced] = rec.subarray(o, o + SLOTS)
    out.push({
      trade_id: id!,
      symbol: symbols[sym!] ?? '?',
      entry_date: dayString(entry!),
      exit_date: dayString(exit!),
      holding_days: exit! - entry!,
      scale: ratio(k!) ?? 0,
      quantity: Math.round(k! * qty! * 1e8) / 1e8 || 0,
      // Prices are shown to 4 decimals; cost, proceeds and pnl come from the unrounded amounts.
      entry_price: qty! > 0 ? price(cost! / qty!) : null,
      exit_price: qty! > 0 ? price(proceeds! / qty!) : null,
      cost: money(k! * cost!),
      proceeds: money(k! * proceeds!),
      fees: money(k! * fees!),
      pnl: money(k! * pnl!),
      return_pct: cost! > 0 ? ratio(pnl! / cost!) : null,
      priced: priced === 1,
    })
  }
  return out
}
