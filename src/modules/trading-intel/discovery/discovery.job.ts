/**
 * The `discovery.scan` job: during regular hours, every DISCOVERY_SCAN_EVERY_MINUTES, scans of the
 * configured universes (DISCOVERY_SCAN_UNIVERSES) by the configured scan types
 * (DISCOVERY_SCAN_TYPES) for every tenant that holds something (portfolio.holdings
 * .tenantsWithHoldings), each tenant in its own scope.
 *
 * The global universes (all, sp500, free) have the same bars for everyone, so they are read once
 * per run and ranked once per scan type; only the storing is per tenant (results belong to the
 * tenant that reads them). `watchlist` is each tenant's own holdings, read and ranked per tenant.
 * A tenant whose work fails is logged and the others still run.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import { isRegularHours } from '../../../kernel/calendar/nyse.ts'
import type { Bar } from '../../../providers/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { Universe } from './discovery.tables.ts'
import type { ScanType } from './lib/scans.ts'
import type { ScanService } from './scan.service.ts'
import type { Universes } from './universes.service.ts'

export const JOB_DISCOVERY_SCAN = 'discovery.scan'

/** Cron of the job for a period in minutes (a divisor of 60): weekdays 09:00–16:59 New York. */
export function discoveryCron(everyMinutes: number): string {
  return `${everyMinutes >= 60 ? '0' : `*/${everyMinutes}`} 9-16 * * 1-5`
}

export interface DiscoveryJobDeps {
  clock: Clock
  log: Pick<Logger, 'info' | 'warn'>
  universes: Universes
  scans: ScanService
  holdings: Pick<HoldingsService, 'tenantsWithHoldings'>
  plan: { universes: Universe[]; scanTypes: ScanType[]; everyMinutes: number }
}

export class DiscoveryJob {
  constructor(private readonly deps: DiscoveryJobDeps) {}

  cron(): string {
    return discoveryCron(this.deps.plan.everyMinutes)
  }

  /** The handler: nothing outside the regular session (the cron spans 09:00–16:59). */
  async runIfOpen(): Promise<void> {
    const now = this.deps.clock.now()
    let open = false
    try {
      open = isRegularHours(now)
    } catch (e) {
      if (!(e instanceof RangeError)) throw e // outside the calendar's years: no known session
    }
    if (!open) return
    await this.run()
  }

  /** One pass over every tenant; answers how many scans were stored. */
  async run(): Promise<number> {
    const { universes, holdings, plan, log } = this.deps
    const tenants = await holdings.tenantsWithHoldings('discovery: scheduled scans')
    if (!tenants.length) return 0
    // Global universes: one bar read per universe for every tenant.
    const shared = new Map<Universe, Map<string, Bar[]>>()
    for (const u of plan.universes) {
      if (u === 'watchlist') continue
      try {
        shared.set(u, await universes.dailyBars(await universes.symbols(u, tenants[0]!)))
      } catch (err) {
        // An upstream failure skips this universe in this run; the next run tries again.
        log.warn({ err, universe: u }, 'discovery: scheduled scan could not read a universe')
      }
    }
    let stored = 0
    for (const tenantId of tenants) {
      try {
        stored += await this.scanTenant(tenantId, shared)
      } catch (err) {
        log.warn({ err, tenantId }, 'discovery: scheduled scan failed for a tenant')
      }
    }
    log.info({ tenants: tenants.length, scans: stored }, 'discovery: scheduled scans stored')
    return stored
  }

  private async scanTenant(tenantId: number, shared: Map<Universe, Map<string, Bar[]>>): Promise<number> {
    const { universes, scans, plan } = this.deps
    let stored = 0
    for (const u of plan.universes) {
      if (u !== 'watchlist' && !shared.has(u)) continue
      const bars = shared.get(u) ?? (await universes.dailyBars(await universes.symbols(u, tenantId)))
      for (const type of plan.scanTypes) {
        await scans.rankAndStore(tenantId, u, type, bars)
        stored++
      }
    }
    return stored
  }
}
