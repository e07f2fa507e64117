/**
 * The briefing's sections, each read from its own source and degrading on its own: a source that
 * fails makes its section `unavailable` (with the error's code as the reason) and the others go on.
 * Everything here runs outside any transaction.
 */
import { AppError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { Daily } from '../daily/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { Recommendations } from '../recommendations/index.ts'
import { SECTION_TITLES, type Section, type SectionKey } from './lib/render.ts'
import {
  MAX_LINES,
  gameplanLines,
  holdingsLines,
  recommendationLines,
  reviewLines,
  type HoldingMove,
} from './lib/summaries.ts'

/** Largest holdings (by |market value|) whose moves are read; the section shows the biggest moves. */
export const HOLDINGS_READ = 20

export interface SectionDeps {
  daily: Pick<Daily, 'gameplan' | 'eod'>
  recommendations: Pick<Recommendations, 'open'>
  holdings: Pick<HoldingsService, 'latest'>
  market: Pick<MarketDataProvider, 'quotes'>
}

type Lines = { lines: string[]; degraded?: string | null }

/** The reason a section is unavailable: a stable code, never an internal message. */
function reasonOf(e: unknown): string {
  if (isUpstreamError(e)) return `upstream.${e.kind}`
  if (e instanceof AppError) return e.code
  return 'internal_error'
}

async function section(
  key: SectionKey,
  read: () => Promise<Lines>,
  onError: (e: unknown) => void,
): Promise<Section> {
  const title = SECTION_TITLES[key]
  try {
    const { lines, degraded } = await read()
    return { key, title, status: degraded ? 'degraded' : 'ok', reason: degraded ?? null, lines }
  } catch (e) {
    onError(e)
    return { key, title, status: 'unavailable', reason: reasonOf(e), lines: [] }
  }
}

export async function holdingMoves(
  deps: SectionDeps,
  tenantId: number,
  accountId?: number,
): Promise<HoldingMove[]> {
  const held = await deps.holdings.latest(tenantId, {
    ...(accountId ? { accountId } : {}),
    limit: HOLDINGS_READ,
  })
  if (!held.length) return []
  const quotes = new Map((await deps.market.quotes(held.map((h) => h.symbol))).map((q) => [q.symbol, q]))
  const moves = held.flatMap((h) => {
    const q = quotes.get(h.symbol)
    if (!q) return []
    const move_value = Math.round(h.quantity * q.change * 100) / 100
    return [{ symbol: h.symbol, quantity: h.quantity, last: q.last, change_pct: q.change_pct, move_value }]
  })
  return moves.sort((a, b) => Math.abs(b.move_value) - Math.abs(a.move_value))
}

export function readSections(
  deps: SectionDeps,
  tenantId: number,
  keys: readonly SectionKey[],
  opts: { accountId?: number; onError: (key: SectionKey, e: unknown) => void },
): Promise<Section[]> {
  const account = opts.accountId ? { accountId: opts.accountId } : {}
  const readers: Record<SectionKey, () => Promise<Lines>> = {
    gameplan: async () => {
      const p = await deps.daily.gameplan.build(tenantId, account)
      const reasons = Object.entries(p.sections).flatMap(([k, s]) =>
        s.status === 'ok' ? [] : [`${k}: ${s.reason ?? s.status}`],
      )
      return { lines: gameplanLines(p), degraded: p.degraded ? reasons.join('; ') || 'degraded' : null }
    },
    eod_review: async () => {
      const r = await deps.daily.eod.review(tenantId, account)
      return {
        lines: reviewLines(r),
        degraded: r.degraded ? r.degraded_reasons.join('; ') || 'degraded' : null,
      }
    },
    recommendations: async () => ({
      lines: recommendationLines(await deps.recommendations.open(tenantId, MAX_LINES)),
    }),
    holdings: async () => ({ lines: holdingsLines(await holdingMoves(deps, tenantId, opts.accountId)) }),
  }
  return Promise.all(keys.map((k) => section(k, readers[k], (e) => opts.onError(k, e))))
}
