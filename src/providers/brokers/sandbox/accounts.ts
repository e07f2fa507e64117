/**
 * The sandbox's memory: brokerage accounts (created on first use from a token's claims, their
 * history regenerated deterministically), orders placed through the sandbox and their fills, and
 * the price anchors history is drawn around. Market orders fill at the current quote on the first
 * read once a regular session is open: one placed outside the session stays `accepted` until the
 * next open (as Alpaca queues them) and its fill is dated at that open, never on a weekend or holiday.
 */
import { randomUUID } from 'node:crypto'
import { activityId, type Fill, generateHistory, type History } from './history.ts'
import {
  type AccountFigures,
  fillCashCents,
  holdingsOf,
  lastdayPrice,
  positionOf,
  cashCentsOf,
} from './ledger.ts'
import { Holds } from './holds.ts'
import { OPEN_STATUSES, type Order } from './orders.ts'
import { DEFAULT_SYMBOLS } from './universe.ts'
import { marketReachedAt } from './market-reach.ts'
import { cents, centsOf, quotient } from './decimal.ts'

export type Quotes = (symbols: string[]) => Promise<Array<{ symbol: string; last: number }>>

export interface AccountsOptions {
  /** Current prices (the app passes its simulated market; tests a fixed map). */
  quotes: Quotes
  /** The universe positions are drawn from (default: ~40 liquid US tickers). */
  symbols?: string[]
  /** Positions per account (default 8). */
  positions?: number
  /** FILL activities per account over the year before it was connected (default 60). */
  fills?: number
  now: () => Date
}

/** What a sandbox generating its accounts here takes: the same, its clock optional (default: the wall clock). */
export type SandboxAccountsOptions = Omit<AccountsOptions, 'now'> & { now?: () => Date }

export interface SandboxAccount {
  id: string
  connectedAt: number
  history: History
  orders: Order[]
  /** The orders by client order id (unique per account), so placing one does not scan them all. */
  byClientId: Map<string, Order>
  /** What the open orders hold back (holds.ts), changed only by `addOrder` and `setStatus`. */
  holds: Holds<Order>
  placed: Fill[]
  /** Cash in cents, a running balance: the history's (fixed once the account exists) plus each `addFill`. */
  cashCents: number
  seq: number
}

export interface Accounts {
  get(id: string, connectedAt: number): Promise<SandboxAccount>
  /** Current prices of these symbols (missing ones left out). */
  prices(symbols: string[]): Promise<Map<string, number>>
  /**
   * Fills the account's pending market orders at the current quote; other new orders become `new`.
   * Each order once, however many reads settle the account at the same moment.
   */
  settle(a: SandboxAccount): Promise<void>
  figures(a: SandboxAccount): Promise<AccountFigures>
  /** Shares of a symbol held back by open sell orders; dollars held back by open buy orders. */
  reserved(a: SandboxAccount, symbol?: string): { qty: number; cents: number }
  /**
   * Tests only: accounts created from now on take the history `build` answers instead of a generated
   * one (null: generated again). Not reachable over HTTP.
   */
  script(build: ScriptedHistory | null): void
  clear(): void
}

/** A test's own history for an account (its opening positions, fills and cash activities). */
export type ScriptedHistory = (accountId: string, connectedAt: number) => History

/** Cents a buy of `spec` at `price` holds back while it is open: its notional, else qty × price. */
export const reservationOf = (spec: Pick<Order, 'side' | 'qty' | 'notional'>, price: number): number =>
  spec.side !== 'buy' ? 0 : spec.notional !== undefined ? cents(spec.notional) : centsOf(spec.qty ?? 0, price)

/**
 * Shares of `symbol` held back by open sell orders (summed in the order they were placed); cents held
 * back by open buy orders. Both from the account's running holds: nothing here scans its orders.
 */
export function reservedOf(a: SandboxAccount, symbol?: string): { qty: number; cents: number } {
  let qty = 0
  for (const o of a.holds.sells(symbol)) qty += o.qty ?? (o.notional ?? 0) / o.estPrice
  return { qty, cents: a.holds.heldCents() }
}

/** An order's fixed hold: its `reservedCents`, and for a sell the symbol whose shares it holds back. */
const holdOf = (o: Order) => ({ cents: o.reservedCents, ...(o.side === 'sell' ? { sells: o.symbol } : {}) })

/** Records a newly placed order (open), holding back what it holds. */
export function addOrder(a: SandboxAccount, o: Order): void {
  a.orders.push(o)
  a.byClientId.set(o.clientOrderId, o)
  a.holds.follow(o, OPEN_STATUSES.has(o.status))
}

/** Changes an order's status (and the fields given with it); an order no longer open holds nothing back. */
export function setStatus(a: SandboxAccount, o: Order, change: Partial<Order> & Pick<Order, 'status'>): void {
  Object.assign(o, change)
  a.holds.follow(o, OPEN_STATUSES.has(o.status))
}

/** Records a fill of an order placed through the sandbox, and what it did to the cash. */
export function addFill(a: SandboxAccount, f: Fill): void {
  a.placed.push(f)
  a.cashCents += fillCashCents(f)
}

/** An order placed through the sandbox that has not gone to the market yet. */
const isPending = (o: Order): boolean => o.status === 'accepted' || o.status === 'pending_new'

/**
 * Orders whose session has opened go to the market: market orders fill at the last price (the
 * submission estimate when there is none), dated when they reached it; others rest as `new`.
 * Orders placed outside the session wait, `accepted`, for its open. Each order is checked to be
 * still pending here, with no await between the check and its fill: another read may have settled
 * it, or a cancel closed it, while this one awaited the quotes.
 */
function fillPending(a: SandboxAccount, pending: Order[], last: Map<string, number>, now: number): void {
  for (const o of pending) {
    const reached = marketReachedAt(o.submittedAt)
    if (reached > now || !isPending(o)) continue
    if (o.type !== 'market') {
      setStatus(a, o, { status: 'new', updatedAt: now })
      continue
    }
    const price = last.get(o.symbol) ?? o.estPrice
    const qty = o.qty ?? quotient(o.notional ?? 0, price, 9)
    setStatus(a, o, { status: 'filled', updatedAt: now, filledAt: reached, filledQty: qty, filledAvg: price })
    const id = activityId(reached, randomUUID())
    addFill(a, { id, at: reached, symbol: o.symbol, side: o.side, qty, price, orderId: o.id })
  }
}

const newAccount = (id: string, connectedAt: number, history: History): SandboxAccount => ({
  id,
  connectedAt,
  history,
  orders: [],
  byClientId: new Map(),
  holds: new Holds(holdOf),
  placed: [],
  cashCents: cashCentsOf(history, []),
  seq: 0,
})

export function createAccounts(opts: AccountsOptions): Accounts {
  const universe = opts.symbols ?? [...DEFAULT_SYMBOLS]
  const anchors = new Map<string, number>()
  let accounts = new Map<string, Promise<SandboxAccount>>()
  let scripted: ScriptedHistory | null = null

  async function prices(symbols: string[]): Promise<Map<string, number>> {
    if (symbols.length === 0) return new Map()
    const quotes = await opts.quotes([...new Set(symbols)])
    const out = new Map<string, number>()
    for (const q of quotes) if (Number.isFinite(q.last) && q.last > 0) out.set(q.symbol.toUpperCase(), q.last)
    for (const [s, p] of out) if (!anchors.has(s)) anchors.set(s, p)
    return out
  }

  async function create(id: string, connectedAt: number): Promise<SandboxAccount> {
    const fresh = (history: History) => newAccount(id, connectedAt, history)
    if (scripted) return fresh(scripted(id, connectedAt))
    const missing = universe.filter((s) => !anchors.has(s))
    if (missing.length) await prices(missing)
    return fresh(
      generateHistory({
        accountId: id,
        connectedAt,
        anchors,
        universe,
        positions: opts.positions ?? 8,
        fills: opts.fills ?? 60,
      }),
    )
  }

  async function settle(a: SandboxAccount): Promise<void> {
    const now = opts.now().getTime()
    const pending = a.orders.filter((o) => isPending(o) && marketReachedAt(o.submittedAt) <= now)
    if (pending.length === 0) return
    const last = await prices(pending.filter((o) => o.type === 'market').map((o) => o.symbol))
    fillPending(a, pending, last, now)
  }

  async function figures(a: SandboxAccount): Promise<AccountFigures> {
    const holdings = [...holdingsOf(a.history, a.placed).values()].sort((x, y) =>
      x.symbol.localeCompare(y.symbol),
    )
    const last = await prices(holdings.map((h) => h.symbol))
    const now = opts.now()
    const positions = holdings.map((h) => {
      const price = last.get(h.symbol) ?? anchors.get(h.symbol) ?? h.avg
      return positionOf(h, price, lastdayPrice(h.symbol, price, now), reservedOf(a, h.symbol).qty)
    })
    return {
      id: a.id,
      history: a.history,
      cashCents: a.cashCents,
      positions,
      reservedCents: reservedOf(a).cents,
    }
  }

  return {
    get(id, connectedAt) {
      let found = accounts.get(id)
      if (!found) {
        found = create(id, connectedAt)
        accounts.set(id, found)
        void found.catch(() => accounts.delete(id))
      }
      return found
    },
    prices,
    settle,
    figures,
    reserved: reservedOf,
    script(build) {
      scripted = build
    },
    clear() {
      accounts = new Map()
    },
  }
}
