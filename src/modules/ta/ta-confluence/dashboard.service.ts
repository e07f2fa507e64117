/**
 * GET /dashboard/portfolio: per holding (the 20 largest by |market value|) the structure trend, the
 * nearest unmitigated ICT zones above and below the last close, and the confluence score, all on
 * daily bars. A symbol that fails (unknown, upstream down) carries `error`; the others still answer.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import { AppError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { Bar } from '../../../providers/market-data/market-data.port.ts'
import type { TimeframeBars } from '../../market/market-data/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { analyse } from './lib/analysis.ts'
import type { Confluence } from './lib/confluence.ts'
import type { TaLayers, Zone } from './lib/layers.ts'

/** Holdings on the dashboard. */
export const DASHBOARD_HOLDINGS = 20
export const DASHBOARD_TIMEFRAME = '1d' as const

export type Trend = 'bullish' | 'bearish' | 'ranging'

export interface DashboardRow {
  symbol: string
  quantity: number
  market_value: number
  as_of: string | null
  last_close: number | null
  trend: Trend | null
  zones: { above: Zone | null; below: Zone | null } | null
  confluence: Pick<Confluence, 'score' | 'display' | 'bias' | 'agreement'>
  error: { status: number; code: string; detail: string } | null
}

/** The structure layer's own `evidence.trend` when it gives one, else the sign of its score. */
export function trendOf(score: number | null, evidence: Record<string, unknown>): Trend | null {
  const t = evidence.trend
  if (t === 'bullish' || t === 'bearish' || t === 'ranging') return t
  if (t === 'up') return 'bullish'
  if (t === 'down') return 'bearish'
  if (score === null) return null
  return score > 0 ? 'bullish' : score < 0 ? 'bearish' : 'ranging'
}

/** Nearest unmitigated zone wholly above the close (lowest bottom) and wholly below (highest top). */
export function nearestZones(
  zones: readonly Zone[],
  close: number,
): { above: Zone | null; below: Zone | null } {
  let above: Zone | null = null
  let below: Zone | null = null
  for (const z of zones) {
    if (z.mitigated) continue
    if (z.bottom > close && (!above || z.bottom < above.bottom)) above = z
    if (z.top < close && (!below || z.top > below.top)) below = z
  }
  return { above, below }
}

function failure(err: unknown): DashboardRow['error'] {
  if (err instanceof AppError) return { status: err.status, code: err.code, detail: err.message }
  if (isUpstreamError(err)) {
    return { status: 502, code: `upstream.${err.kind}`, detail: `The ${err.provider} service is unavailable` }
  }
  throw err
}

export class DashboardService {
  constructor(
    private readonly deps: { layers: TaLayers; timeframes: TimeframeBars; holdings: Portfolio['holdings'] },
  ) {}

  async portfolio(scope: RequestScope, q: { tenant_id?: number }): Promise<{ holdings: DashboardRow[] }> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const held = await this.deps.holdings.latest(tenantId, { limit: DASHBOARD_HOLDINGS })
    // The provider is called outside any tenant transaction, every symbol at once.
    const rows = await Promise.all(
      held.map(async (h) => {
        const base = { symbol: h.symbol, quantity: h.quantity, market_value: h.market_value }
        try {
          const bars = await this.deps.timeframes.read(h.symbol, DASHBOARD_TIMEFRAME)
          return { ...base, ...this.row(bars), error: null }
        } catch (err) {
          return { ...base, ...EMPTY, error: failure(err) }
        }
      }),
    )
    return { holdings: rows }
  }

  private row(bars: readonly Bar[]): Omit<DashboardRow, 'symbol' | 'quantity' | 'market_value' | 'error'> {
    const last = bars.at(-1)
    const c = analyse(this.deps.layers, bars)
    const structure = c.components.find((x) => x.layer === 'structure')!
    const ict = this.deps.layers.zones
    return {
      as_of: last?.time ?? null,
      last_close: last?.close ?? null,
      trend: this.deps.layers.get('structure') ? trendOf(structure.score, structure.evidence) : null,
      zones: ict?.zones && last ? nearestZones(ict.zones(bars), last.close) : null,
      confluence: { score: c.score, display: c.display, bias: c.bias, agreement: c.agreement },
    }
  }
}

const EMPTY = {
  as_of: null,
  last_close: null,
  trend: null,
  zones: null,
  confluence: { score: null, display: null, bias: null, agreement: null },
}
