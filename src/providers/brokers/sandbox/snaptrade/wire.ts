/**
 * SnapTrade's JSON for a sandbox account (docs/vendor-formats.md#snaptrade), from the same deterministic history and
 * ledger as the Alpaca sandbox: accounts, `positions/all` (decimal strings), balances (numbers) and
 * activities (BUY/SELL fills, dividends, contributions and fees; numbers, reverse-chronological).
 */
import type { AccountFigures } from '../ledger.ts'
import type { SandboxAccount } from '../accounts.ts'
import { dec, product } from '../decimal.ts'
import { type CashActivity, type Fill, settlementDate } from '../history.ts'
import { assetIdOf, exchangeOf, hashUuid } from '../universe.ts'
import type { Authorization } from './users.ts'

const USD = { id: hashUuid('currency:USD'), code: 'USD', name: 'US Dollar' }
const MIC: Record<string, string> = { NASDAQ: 'XNAS', NYSE: 'XNYS', ARCA: 'ARCX' }

export const BROKERAGES: Record<string, string> = {
  ALPACA: 'Alpaca',
  SCHWAB: 'Charles Schwab',
  ROBINHOOD: 'Robinhood',
  FIDELITY: 'Fidelity',
  QUESTRADE: 'Questrade',
}
export const brokerageName = (slug: string) => BROKERAGES[slug] ?? slug

export function brokerageJson(slug: string) {
  const name = brokerageName(slug)
  return {
    id: hashUuid(`brokerage:${slug}`),
    slug,
    name,
    display_name: name,
    description: `${name} (sandbox)`,
  }
}

export function authorizationJson(a: Authorization) {
  const created = new Date(a.createdAt).toISOString()
  return {
    id: a.id,
    created_date: created,
    updated_date: created,
    brokerage: brokerageJson(a.slug),
    name: `Connection-${a.slug}`,
    type: 'read',
    disabled: a.disabled,
    disabled_date: null,
    meta: {},
    is_eligible_for_payout: false,
    data_freshness_mode: 'delayed',
  }
}

const equityOf = (f: AccountFigures) =>
  (f.cashCents + f.positions.reduce((s, p) => s + p.marketCents, 0)) / 100

export function accountJson(a: Authorization, account: SandboxAccount, f: AccountFigures, now: Date) {
  const day = now.toISOString().slice(0, 10)
  return {
    id: a.accountId,
    brokerage_authorization: a.id,
    name: `${brokerageName(a.slug)} Individual`,
    number: account.history.accountNumber,
    institution_account_id: account.history.accountNumber.slice(-8),
    institution_name: brokerageName(a.slug),
    created_date: new Date(a.createdAt).toISOString(),
    funding_date: null,
    opening_date: null,
    sync_status: {
      transactions: { initial_sync_completed: true, last_successful_sync: day, first_transaction_date: null },
      holdings: {
        initial_sync_completed: true,
        last_successful_sync: now.toISOString(),
        holdings_unavailable: false,
      },
    },
    balance: { total: { amount: Number(dec(equityOf(f))), currency: 'USD' } },
    status: 'open',
    raw_type: 'Cash',
    account_category: 'INVESTMENT',
    is_paper: true,
    meta: {},
    portfolio_group: hashUuid(`${a.accountId}:group`),
    cash_restrictions: [],
  }
}

function instrument(symbol: string) {
  return {
    kind: 'stock',
    id: assetIdOf(symbol),
    symbol,
    raw_symbol: symbol,
    description: symbol,
    currency: 'USD',
    exchange: MIC[exchangeOf(symbol)] ?? 'XNYS',
    figi_instrument: null,
  }
}

export function positionsJson(f: AccountFigures, now: Date) {
  const results = f.positions.map((p) => ({
    instrument: instrument(String(p.json['symbol'])),
    units: p.json['qty'],
    price: p.json['current_price'],
    cost_basis: p.json['avg_entry_price'],
    currency: 'USD',
    cash_equivalent: false,
    tax_lots: [],
  }))
  return { results, data_freshness: { as_of: now.toISOString() } }
}

export function balancesJson(f: AccountFigures) {
  const cash = Number(dec(f.cashCents / 100))
  return [{ currency: USD, cash, buying_power: cash }]
}

/** The legacy Symbol object activities carry. */
const symbolJson = (symbol: string) => ({
  id: assetIdOf(symbol),
  symbol,
  raw_symbol: symbol,
  description: symbol,
  currency: USD,
  exchange: { code: exchangeOf(symbol), mic_code: MIC[exchangeOf(symbol)] ?? 'XNYS' },
  type: { code: 'cs', description: 'Common Stock' },
})

export interface ActivityRow {
  at: number
  type: string
  json: Record<string, unknown>
}

const CASH_TYPE: Record<CashActivity['type'], string> = {
  CSD: 'CONTRIBUTION',
  CSW: 'WITHDRAWAL',
  DIV: 'DIVIDEND',
  FEE: 'FEE',
}

function base(id: string, at: number, institution: string) {
  const iso = new Date(at).toISOString()
  const settle = settlementDate(at)
  return {
    id,
    option_symbol: null,
    currency_universal_symbol: null,
    currency: USD,
    option_type: '',
    trade_date: iso,
    settlement_date: `${settle}T00:00:00Z`,
    fee: 0,
    fx_rate: 1.0,
    institution,
  }
}

/** A fill: BUY units positive, SELL units negative (as several brokerages report them). */
export function fillRow(f: Fill, institution: string): ActivityRow {
  const type = f.side === 'buy' ? 'BUY' : 'SELL'
  const amount = product(f.qty, f.price)
  const json = {
    ...base(hashUuid(`snaptrade:${f.id}`), f.at, institution),
    symbol: symbolJson(f.symbol),
    price: Number(dec(f.price, 4)),
    units: Number(dec(f.side === 'buy' ? f.qty : -f.qty, 9)),
    amount: f.side === 'buy' ? -amount : amount,
    type,
    description: `${type === 'BUY' ? 'Bought' : 'Sold'} ${dec(f.qty, 9)} ${f.symbol} @ ${dec(f.price, 4)}`,
    external_reference_id: f.orderId,
  }
  return { at: f.at, type, json }
}

/** Shares held before the history, brought in from another brokerage: their value, no cash. */
export function openingRow(f: Fill, institution: string): ActivityRow {
  const type = 'EXTERNAL_ASSET_TRANSFER_IN'
  const json = {
    ...base(hashUuid(`snaptrade:${f.id}`), f.at, institution),
    symbol: symbolJson(f.symbol),
    price: Number(dec(f.price, 4)),
    units: Number(dec(f.qty, 9)),
    amount: product(f.qty, f.price),
    type,
    description: `Transferred in ${dec(f.qty, 9)} ${f.symbol}`,
    external_reference_id: null,
  }
  return { at: f.at, type, json }
}

export function cashRow(a: CashActivity, institution: string): ActivityRow {
  const type = CASH_TYPE[a.type]
  const json = {
    ...base(hashUuid(`snaptrade:${a.id}`), a.at, institution),
    symbol: a.symbol ? symbolJson(a.symbol) : null,
    price: a.perShare ?? 0,
    units: a.qty ?? 0,
    amount: a.amount,
    type,
    description: a.description,
    external_reference_id: null,
  }
  return { at: a.at, type, json }
}

/**
 * A generated history never changes: its wire rows are built and sorted once per brokerage (as the
 * Alpaca sandbox's are), so a page is a scan, not a rebuild. Callers only read them.
 */
const ROWS = new WeakMap<SandboxAccount['history'], Map<string, readonly ActivityRow[]>>()

/** Every activity of the account, newest first. */
export function activityRows(account: SandboxAccount, slug: string): readonly ActivityRow[] {
  const name = brokerageName(slug)
  let byName = ROWS.get(account.history)
  if (!byName) ROWS.set(account.history, (byName = new Map<string, readonly ActivityRow[]>()))
  let rows = byName.get(name)
  if (!rows) {
    rows = [
      ...account.history.opening.map((f) => openingRow(f, name)),
      ...account.history.fills.map((f) => fillRow(f, name)),
      ...account.history.cash.map((c) => cashRow(c, name)),
    ].sort((x, y) => y.at - x.at)
    byName.set(name, rows)
  }
  return rows
}
