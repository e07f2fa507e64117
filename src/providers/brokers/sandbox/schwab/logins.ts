/**
 * The sandbox's logins: each consent creates one, with a MARGIN and a CASH account whose history is
 * regenerated deterministically from the login id and creation time (so tokens survive a restart),
 * and the current prices their positions are valued at. Orders placed live in memory.
 */
import type { Quote } from '../../../market-data/market-data.port.ts'
import type { SandboxSigner } from '../sandbox-tokens.ts'
import type { SchwabMarket } from './catalog.ts'
import { generateSchwabHistory } from './history.ts'
import { accountIds, type AccountType } from './ids.ts'
import { addOrder, type Login, newAccount, type SchwabAccount } from './ledger.ts'
import { seedOrders } from './order-book.ts'
import type { Prices } from './prices.ts'

export interface LoginsOptions {
  signer: SandboxSigner
  market: SchwabMarket
  universe: readonly string[]
  positions: number
  perYear: number
}

export interface Logins extends Prices {
  get(id: string, createdAt: number): Promise<Login>
  clear(): void
}

const TYPES: AccountType[] = ['MARGIN', 'CASH']

export function createLogins(opts: LoginsOptions): Logins {
  const anchors = new Map<string, number>()
  let logins = new Map<string, Promise<Login>>()

  async function quotes(symbols: readonly string[]): Promise<Map<string, Quote>> {
    const wanted = [...new Set(symbols.map((s) => s.toUpperCase()))]
    if (wanted.length === 0) return new Map()
    const out = new Map<string, Quote>()
    for (const q of await opts.market.quotes(wanted))
      if (Number.isFinite(q.last) && q.last > 0) out.set(q.symbol.toUpperCase(), q)
    for (const [s, q] of out) if (!anchors.has(s)) anchors.set(s, q.last)
    return out
  }

  function account(login: { id: string; createdAt: number }, type: AccountType): SchwabAccount {
    const label = `${login.id}:${type}`
    const history = generateSchwabHistory({
      label,
      createdAt: login.createdAt,
      anchors,
      universe: opts.universe,
      positions: opts.positions,
      perYear: opts.perYear,
    })
    const ids = accountIds(opts.signer, login.id, type)
    const a = newAccount({ type, ...ids, label, history })
    for (const o of seedOrders(a, anchors, login.createdAt)) addOrder(a, o)
    return a
  }

  async function create(id: string, createdAt: number): Promise<Login> {
    const missing = opts.universe.filter((s) => !anchors.has(s))
    if (missing.length) await quotes(missing)
    return { id, createdAt, accounts: TYPES.map((type) => account({ id, createdAt }, type)) }
  }

  return {
    get(id, createdAt) {
      let found = logins.get(id)
      if (!found) {
        found = create(id, createdAt)
        logins.set(id, found)
        void found.catch(() => logins.delete(id))
      }
      return found
    },
    quotes,
    priceOf: (symbol, q) => q.get(symbol)?.last ?? anchors.get(symbol),
    clear() {
      logins = new Map()
    },
  }
}
