/**
 * The `summarise_portfolio` tool: the caller's tenant's own positions, largest first, from the
 * portfolio module's latest holdings. Money as decimal strings in USD (cents), weights in percent.
 */
import type { Portfolio } from '../../portfolio/index.ts'

/** Positions the summary lists by name; the rest are counted. */
export const SUMMARY_POSITIONS = 10

const cents = (usd: number) => Math.round(usd * 100)
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`

export async function summarisePortfolio(portfolio: Portfolio, tenantId: number) {
  const holdings = await portfolio.holdings.latest(tenantId)
  const rows = holdings.map((h) => ({ symbol: h.symbol, quantity: h.quantity, cents: cents(h.market_value) }))
  const gross = rows.reduce((sum, r) => sum + Math.abs(r.cents), 0)
  const net = rows.reduce((sum, r) => sum + r.cents, 0)
  return {
    positions: rows.length,
    market_value_usd: money(net),
    largest: rows.slice(0, SUMMARY_POSITIONS).map((r) => ({
      symbol: r.symbol,
      quantity: r.quantity,
      market_value_usd: money(r.cents),
      weight_pct: gross === 0 ? '0.00' : ((Math.abs(r.cents) * 100) / gross).toFixed(2),
    })),
    more_positions: Math.max(0, rows.length - SUMMARY_POSITIONS),
  }
}
