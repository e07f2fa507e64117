/**
 * The portfolio tools (scope `portfolio:read`): `get_portfolio` (totals and accounts) and
 * `get_holdings` (each holding), read from the portfolio module's valuation — the figures the
 * holdings screen shows, as exact decimal strings in the tenant's base currency where it says so.
 * The holdings are also the resource `sextant://holdings`.
 */
import type { McpServer } from '@modelcontextprotocol/server'
import { centsToString } from '../../../kernel/decimal/cents.ts'
import { decDiv } from '../../../kernel/decimal/decimal-string.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { HoldingsInput, HoldingsOutput, PortfolioOutput } from './tools.schemas.ts'
import type { ToolContext } from './tool-context.service.ts'

type Valuation = Awaited<ReturnType<Portfolio['valuation']['current']>>

const money = (c: bigint | null) => (c === null ? null : centsToString(c))
/** '3.00000000' → '3', '187.5000' → '187.5': the stored scale says nothing to a reader. */
const plain = (d: string) => (d.includes('.') ? d.replace(/\.?0+$/, '') : d)
const sum = (xs: (bigint | null)[]) => xs.reduce<bigint>((a, x) => a + (x ?? 0n), 0n)

/** Totals, per account and overall, in the base currency; amounts without a rate count as none. */
export function portfolioView(v: Valuation) {
  const holdings = sum(v.holdings.map((h) => h.value_base))
  const cash = sum(v.cash.map((c) => c.value_base))
  const ids = [...new Set([...v.holdings.map((h) => h.account_id), ...v.cash.map((c) => c.account_id)])]
  const accounts = ids
    .sort((a, b) => a - b)
    .map((id) => {
      const hs = v.holdings.filter((h) => h.account_id === id)
      const cs = v.cash.filter((c) => c.account_id === id)
      return {
        account_id: id,
        account_name: hs[0]?.account_name ?? cs[0]?.account_name ?? '',
        holdings_value: centsToString(sum(hs.map((h) => h.value_base))),
        cash_value: centsToString(sum(cs.map((c) => c.value_base))),
        positions: hs.length,
      }
    })
  return {
    as_of: v.as_of,
    base_currency: v.base_currency,
    total_value: centsToString(holdings + cash),
    holdings_value: centsToString(holdings),
    cash_value: centsToString(cash),
    unrealized_pl: centsToString(sum(v.holdings.map((h) => h.unrealized_base))),
    positions: v.holdings.length,
    accounts,
    degraded: v.missing_rates.length > 0 || v.stale_prices.length > 0,
    missing_rates: v.missing_rates,
    stale_prices: v.stale_prices,
  }
}

/** Each holding; `weight` = its base value ÷ the total (holdings and cash), a fraction to 6 places. */
export function holdingsView(v: Valuation) {
  const total = sum(v.holdings.map((h) => h.value_base)) + sum(v.cash.map((c) => c.value_base))
  const items = v.holdings.map((h) => ({
    account_id: h.account_id,
    account_name: h.account_name,
    symbol: h.symbol,
    name: h.name,
    quantity: plain(h.quantity),
    price: plain(h.price),
    price_source: h.price_source,
    currency: h.currency,
    market_value: centsToString(h.market_value),
    cost_basis: centsToString(h.cost_basis),
    unrealized_pl: centsToString(h.unrealized),
    day_change: money(h.day_change),
    market_value_base: money(h.value_base),
    weight: h.value_base === null || total <= 0n ? null : decDiv(String(h.value_base), String(total), 6),
  }))
  return { as_of: v.as_of, base_currency: v.base_currency, total_value: centsToString(total), items }
}

export function registerPortfolioTools(server: McpServer, ctx: ToolContext, portfolio: Portfolio): void {
  const valuation = async (accountId?: number) =>
    portfolio.valuation.current(await ctx.scope(), accountId === undefined ? {} : { account_id: accountId })
  server.registerTool(
    'get_portfolio',
    {
      title: 'Portfolio summary',
      description:
        'The portfolio now: total value (holdings + cash) in the base currency, unrealized P&L, and each ' +
        'account’s holdings and cash value. Amounts are decimal strings. Scope portfolio:read.',
      outputSchema: PortfolioOutput,
      annotations: { readOnlyHint: true },
    },
    () => ctx.guarded('portfolio:read', async () => portfolioView(await valuation())),
  )
  server.registerTool(
    'get_holdings',
    {
      title: 'Holdings',
      description:
        'Each holding (account, symbol, quantity, price, market value, cost basis, unrealized P&L, day ' +
        'change) and its weight: its value ÷ the portfolio total (holdings + cash), a fraction 0–1 — the ' +
        'measure the max_position_weight limit uses. Optionally one account. Scope portfolio:read.',
      inputSchema: HoldingsInput,
      outputSchema: HoldingsOutput,
      annotations: { readOnlyHint: true },
    },
    ({ account_id }) => ctx.guarded('portfolio:read', async () => holdingsView(await valuation(account_id))),
  )
}
