/**
 * The FX provider behind the fx_rate table: fixings are read from the table, and the provider is
 * asked only for days the table cannot answer for — a range never asked, or a day not over yet
 * when it was asked (today's fixing appears in the afternoon), asked again at most once per
 * `REFRESH_MS`. What a fetch returns is stored for good. When the provider fails, the stored
 * fixings answer (logged, and the provider left alone for `RETRY_AFTER_MS`): an upstream outage
 * never fails a caller, it only leaves the newest days without a rate.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { addDays } from '../../../kernel/dates.ts'
import type { FxDay, FxProvider } from '../../../providers/market-data/index.ts'
import * as repo from './fx.repository.ts'

/** A day not yet over when it was fetched is fetched again after this long. */
export const REFRESH_MS = 60 * 60_000
/** The euro's first day: no reference fixing exists before it, so nothing earlier is asked for. */
export const FIRST_FIXING_DAY = '1999-01-01'
/** After a failure the provider is not asked again for this long (per process). */
export const RETRY_AFTER_MS = 5 * 60_000

export interface FxStoreDeps {
  fx: FxProvider
  scopes: Scopes
  clock: Clock
  log: Pick<Logger, 'warn'>
}

export class StoredFx implements FxProvider {
  private failedAt = -Infinity
  private inFlight = new Map<string, Promise<void>>()

  constructor(private readonly deps: FxStoreDeps) {}

  get name(): string {
    return this.deps.fx.name
  }

  /** The provider's list; the currencies of the latest stored fixing when it fails. */
  async currencies(): Promise<string[]> {
    try {
      return await this.deps.fx.currencies()
    } catch (e) {
      const stored = await this.deps.scopes.withGlobal((db) => repo.latestCurrencies(db, this.name))
      if (!stored.length) throw e
      this.deps.log.warn({ err: e, provider: this.name }, 'fx: currencies from the stored fixings')
      return ['EUR', ...stored].sort()
    }
  }

  async dailyRates(from: string, to: string): Promise<FxDay[]> {
    const today = this.deps.clock.now().toISOString().slice(0, 10)
    const first = from > FIRST_FIXING_DAY ? from : FIRST_FIXING_DAY
    const last = to < today ? to : today
    if (first <= last) await this.fill(first, last)
    return this.deps.scopes.withGlobal((db) => repo.fixings(db, this.name, from, to))
  }

  /** Fetches and stores the smallest range holding every day of `from`…`to` the table lacks. */
  private async fill(from: string, to: string): Promise<void> {
    const now = this.deps.clock.now()
    if (now.getTime() - this.failedAt < RETRY_AFTER_MS) return
    const fetches = await this.deps.scopes.withGlobal((db) =>
      repo.fetchesOverlapping(db, this.name, from, to),
    )
    const known = (d: string) =>
      fetches.some(
        (f) =>
          f.first <= d &&
          d <= f.last &&
          (d < f.fetched_at.toISOString().slice(0, 10) ||
            now.getTime() - f.fetched_at.getTime() < REFRESH_MS),
      )
    let first: string | null = null
    let last: string | null = null
    for (let d = from; d <= to; d = addDays(d, 1))
      if (!known(d)) {
        first ??= d
        last = d
      }
    if (first === null || last === null) return
    const key = `${first}:${last}`
    const running = this.inFlight.get(key)
    if (running) return running
    const work = this.fetch(first, last, now).finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, work)
    return work
  }

  private async fetch(from: string, to: string, at: Date): Promise<void> {
    let days: FxDay[]
    try {
      days = await this.deps.fx.dailyRates(from, to)
    } catch (e) {
      this.failedAt = this.deps.clock.now().getTime()
      this.deps.log.warn({ err: e, provider: this.name, from, to }, 'fx: provider failed, using stored rates')
      return
    }
    await this.deps.scopes.withSystem('fx: store fetched rates', ({ db }) =>
      repo.saveFetch(db, this.name, { from, to, at }, days),
    )
  }
}
