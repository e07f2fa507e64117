/**
 * SnapTrade's per-account activities (`GET /accounts/{id}/activities`): offset/limit paging (limit at
 * most 1000), reverse-chronological by trade date, `startDate`/`endDate` as inclusive dates. The port
 * asks with exclusive instants (`after`, `until`) and a type list (`FILL` = BUY and SELL): the dates
 * are widened by a day on each side (the vendor's day may not be UTC's) and the answer cut to the
 * exact instants here. Newest first: the offset is the page token. Oldest first (`direction: asc`):
 * every page is read and the whole window answered reversed, in one page.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import { UpstreamProtocolError } from '../../../platform/upstream-errors.ts'
import type { ActivityPage, ActivityQuery, AggregatorUser, BrokerActivity } from '../broker.port.ts'
import type { SnapTradeRequest } from './snaptrade-broker.ts'
import { PROVIDER, toActivity, toActivityPage } from './snaptrade-wire.ts'

export const MAX_LIMIT = 1000
/** 100,000 activities of one account read oldest first; more means the vendor's paging loops. */
const MAX_PAGES = 100

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The vendor's type list for the port's: FILL is BUY and SELL; other names pass as they are. */
function vendorTypes(types: string[] | undefined): string | undefined {
  if (!types?.length) return undefined
  return [...new Set(types.flatMap((t) => (t === 'FILL' ? ['BUY', 'SELL'] : [t])))].join(',')
}

export async function snaptradeActivities(
  call: SnapTradeRequest,
  user: AggregatorUser,
  accountId: string,
  q: ActivityQuery,
): Promise<ActivityPage> {
  const after = q.after ? Date.parse(q.after) : null
  const until = q.until ? Date.parse(q.until) : null
  const within = (a: BrokerActivity) => {
    const t = Date.parse(a.time)
    return (after === null || t > after) && (until === null || t < until)
  }
  const limit = Math.min(MAX_LIMIT, Math.max(1, q.pageSize))
  const page = async (offset: number, size: number) => {
    const body = await call(`/accounts/${encodeURIComponent(accountId)}/activities`, {
      user,
      query: {
        startDate: after === null ? undefined : dateOf(after - DAY_MS),
        endDate: until === null ? undefined : dateOf(until + DAY_MS),
        type: vendorTypes(q.types),
        offset,
        limit: size,
      },
    })
    const { items, total } = toActivityPage(body)
    const mapped = items.map((v, i) => toActivity(v, offset + i))
    const next = offset + items.length
    const more = items.length > 0 && (total === null ? items.length >= size : next < total)
    return { items: mapped, next: more ? next : null }
  }

  if (q.direction !== 'asc') {
    const offset = q.pageToken ? Number(q.pageToken) : 0
    if (!Number.isSafeInteger(offset) || offset < 0)
      throw new UpstreamProtocolError('snaptrade activities: bad page token', { provider: PROVIDER })
    const r = await page(offset, limit)
    return { items: r.items.filter(within), nextPageToken: r.next === null ? null : String(r.next) }
  }
  const all: BrokerActivity[] = []
  let offset: number | null = 0
  for (let n = 0; offset !== null; n++) {
    if (n >= MAX_PAGES)
      throw new UpstreamProtocolError(`snaptrade activities did not end after ${MAX_PAGES} pages`, {
        provider: PROVIDER,
      })
    const r = await page(offset, MAX_LIMIT)
    all.push(...r.items)
    offset = r.next
  }
  // Times are toISOString() text (snaptrade-wire.ts), whose order is time order: no parse per comparison.
  const items = all.filter(within).sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
  return { items, nextPageToken: null }
}
