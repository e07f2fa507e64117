/**
 * Watchlists: the caller's named lists of symbols (personal: a colleague in the same tenant sees
 * their own), their order, and the plan's `watchlist_symbols` limit counted over all the user's
 * lists. A list exists while it holds a symbol: adding the first symbol to a new name creates it,
 * removing the last deletes it. Quotes are read outside the transaction and degrade to null.
 */
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { MarketDataProvider, Quote } from '../../../providers/market-data/index.ts'
import type { SymbolsService } from './symbols.service.ts'
import * as repo from './watchlists.repository.ts'
import { DEFAULT_LIST, type ItemOut, type ItemsOut } from './watchlists.schemas.ts'

export const WATCHLIST_SYMBOLS = 'watchlist_symbols'

export const listName = (raw: string | undefined) => (raw ?? DEFAULT_LIST).trim()

const iso = (d: Date | string) => new Date(d).toISOString()
const item = (r: repo.ItemRow): ItemOut => ({
  symbol: r.symbol,
  position: r.position,
  added_at: iso(r.added_at),
})

const notOnList = (symbol: string, list: string) =>
  new NotFoundError('watchlists.not_on_list', `${symbol} is not on the list "${list}"`)

/** What a proposed order lacks, adds and repeats against the list's symbols. */
export function permutationProblems(current: readonly string[], given: readonly string[]) {
  const have = new Set(current)
  const seen = new Set<string>()
  const duplicates = new Set<string>()
  for (const s of given) (seen.has(s) ? duplicates : seen).add(s)
  return {
    missing: current.filter((s) => !seen.has(s)),
    extra: [...seen].filter((s) => !have.has(s)),
    duplicates: [...duplicates],
  }
}

export class WatchlistsService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      entitlements: Pick<EntitlementsService, 'limitGuard' | 'limit'>
      symbols: Pick<SymbolsService, 'require' | 'index'>
      market: Pick<MarketDataProvider, 'quotes'>
    },
  ) {}

  async lists(scope: RequestScope) {
    const limit = await this.deps.entitlements.limit(scope, WATCHLIST_SYMBOLS)
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.listLists(s, scope.userId))
    return {
      lists: rows.map((r) => ({
        list_name: r.name,
        count: r.count,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      })),
      total_symbols: rows.reduce((n, r) => n + r.count, 0),
      limit: limit ?? null,
    }
  }

  /** The list's symbols by position with their latest quotes (null when the provider fails). */
  async items(scope: RequestScope, rawName: string | undefined): Promise<ItemsOut> {
    const name = listName(rawName)
    const rows = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const list = await repo.findList(s, scope.userId, name)
      return list ? repo.listItems(s, Number(list.id)) : []
    })
    const { quotes, ok } = await this.quotes(rows.map((r) => r.symbol))
    const index = await this.deps.symbols.index().catch(() => null)
    return {
      list_name: name,
      quotes: ok ? 'ok' : 'unavailable',
      items: rows.map((r) => {
        const q = quotes.get(r.symbol)
        return {
          ...item(r),
          name: index?.get(r.symbol)?.name ?? null,
          price: q?.last ?? null,
          change: q?.change ?? null,
          change_pct: q?.change_pct ?? null,
          quote_as_of: q ? iso(q.as_of) : null,
        }
      }),
    }
  }

  async quotes(symbols: string[]): Promise<{ quotes: Map<string, Quote>; ok: boolean }> {
    if (!symbols.length) return { quotes: new Map(), ok: true }
    try {
      const list = await this.deps.market.quotes(symbols)
      return { quotes: new Map(list.map((q) => [q.symbol.toUpperCase(), q])), ok: true }
    } catch {
      return { quotes: new Map(), ok: false }
    }
  }

  async add(scope: RequestScope, body: { symbol: string; list_name?: string | undefined }) {
    const name = listName(body.list_name)
    const symbol = body.symbol.toUpperCase()
    await this.deps.symbols.require(symbol, ['body', 'symbol'])
    const withinLimit = await this.deps.entitlements.limitGuard(scope, WATCHLIST_SYMBOLS)
    const now = this.deps.clock.now()
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const list = await repo.findList(s, scope.userId, name)
      if (list && (await repo.listItems(s, Number(list.id))).some((i) => i.symbol === symbol))
        throw this.duplicate(symbol, name)
      withinLimit(await repo.countUserItems(s, scope.userId))
      const listId = list ? Number(list.id) : await repo.ensureList(s, scope.userId, name, now)
      const added = await repo.appendItem(s, listId, symbol, now)
      if (!added) throw this.duplicate(symbol, name)
      await repo.touchList(s, listId, now)
      return added
    })
    return { list_name: name, ...item(row) }
  }

  private duplicate(symbol: string, list: string) {
    return new ConflictError('watchlists.duplicate', `${symbol} is already on the list "${list}"`)
  }

  /** A new order: exactly the list's symbols, each once; else 422 naming missing, extra and repeated. */
  async reorder(scope: RequestScope, body: { list_name?: string | undefined; symbols: string[] }) {
    const name = listName(body.list_name)
    const given = body.symbols.map((s) => s.toUpperCase())
    const now = this.deps.clock.now()
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const list = await repo.findList(s, scope.userId, name)
      const current = list ? (await repo.listItems(s, Number(list.id))).map((i) => i.symbol) : []
      const p = permutationProblems(current, given)
      if (!list || p.missing.length || p.extra.length || p.duplicates.length) throw notPermutation(name, p)
      await repo.setOrder(s, Number(list.id), given)
      await repo.touchList(s, Number(list.id), now)
      return {
        list_name: name,
        items: (await repo.listItems(s, Number(list.id))).map(item),
        updated_at: now.toISOString(),
      }
    })
  }

  /** Removes a symbol; the list's later symbols move up one, and an emptied list is deleted. */
  async remove(scope: RequestScope, rawSymbol: string, rawName: string | undefined) {
    const name = listName(rawName)
    const symbol = rawSymbol.toUpperCase()
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const list = await repo.findList(s, scope.userId, name)
      if (!list) throw notOnList(symbol, name)
      const removed = await repo.deleteItem(s, Number(list.id), symbol)
      if (!removed) throw notOnList(symbol, name)
      const left = await repo.listItems(s, Number(list.id))
      if (left.length) {
        await repo.setOrder(
          s,
          Number(list.id),
          left.map((i) => i.symbol),
        )
        await repo.touchList(s, Number(list.id), this.deps.clock.now())
      } else await repo.deleteList(s, Number(list.id))
      return { list_name: name, ...item(removed), list_deleted: left.length === 0 }
    })
  }
}

function notPermutation(name: string, p: ReturnType<typeof permutationProblems>) {
  const loc = ['body', 'symbols']
  const errors = [
    ...(p.missing.length ? [{ loc, msg: `missing: ${p.missing.join(', ')}`, type: 'missing' }] : []),
    ...(p.extra.length ? [{ loc, msg: `not on the list: ${p.extra.join(', ')}`, type: 'extra' }] : []),
    ...(p.duplicates.length
      ? [{ loc, msg: `more than once: ${p.duplicates.join(', ')}`, type: 'duplicate' }]
      : []),
  ]
  return new UnprocessableError(
    'watchlists.not_a_permutation',
    `symbols must list every symbol of "${name}" exactly once: ${errors.map((e) => e.msg).join('; ')}`,
    errors,
    { extra: { missing: p.missing, extra: p.extra, duplicates: p.duplicates } },
  )
}
