/**
 * The close a back-dated manual holding is priced at when it is written: the last daily close on or
 * before its date (a weekend or holiday takes the session before), from market data. Null — the
 * holding keeps its book price — when the provider has no bar for the symbol in the week before,
 * or cannot be reached (a write never fails for want of a price).
 */
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { addDays } from '../../../kernel/dates.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { upsertSnapshot, writePricedSnapshot } from './snapshots.repository.ts'

/** How far back a close is looked for (a long weekend with a holiday is four days). */
const LOOK_BACK_DAYS = 7

/** A holding dated before today (New York) is priced at its date's close; one of today is not (null). */
export function backDatedClose(
  deps: { market: Pick<MarketDataProvider, 'bars'>; clock: Clock },
  symbol: string,
  asOf: string,
): Promise<number | null> {
  return asOf < nyDate(deps.clock.now())
    ? closeOn(deps.market, symbol.toUpperCase(), asOf)
    : Promise.resolve(null)
}

export async function closeOn(
  market: Pick<MarketDataProvider, 'bars'>,
  symbol: string,
  date: string,
): Promise<number | null> {
  let bars
  try {
    bars = await market.bars(symbol, {
      interval: '1d',
      start: new Date(`${addDays(date, -LOOK_BACK_DAYS)}T00:00:00Z`),
      end: new Date(`${addDays(date, 1)}T12:00:00Z`),
    })
  } catch (e) {
    if (isUpstreamError(e)) return null
    throw e
  }
  const before = bars.filter(
    (b) => nyDate(new Date(b.time)) <= date && Number.isFinite(b.close) && b.close > 0,
  )
  return before.at(-1)?.close ?? null
}

/**
 * A manual holding's snapshot row, written with the holding: priced at `close` when there is one
 * (its market value and unrealized P&L move at once), else at its book price as before.
 */
export async function mirrorHolding(
  scope: TenantScope,
  p: { account_id: number; as_of: string; symbol: string; quantity: string; cost_basis: string },
  close: number | null,
): Promise<void> {
  if (close === null) {
    await upsertSnapshot(scope, p)
    return
  }
  await writePricedSnapshot(scope, { ...p, date: p.as_of, price: close })
}
