/**
 * The ICT layer with its zones for the dashboard: every FVG and order block of ta-ict's analysis
 * (fair value gaps and order blocks), `mitigated` when price has traded back into it (FVG touched, OB tapped or failed).
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { TaLayer } from '../../../../platform/ta-layer.ts'
import { analyzeIct } from '../../ta-ict/index.ts'
import type { Zone, ZoneLayer } from './layers.ts'

export function ictZones(bars: readonly Bar[]): Zone[] {
  const a = analyzeIct(bars)
  const fvgs = a.fvgs.map((f) => ({
    kind: 'fvg',
    direction: f.direction,
    top: f.top,
    bottom: f.bottom,
    index: f.confirmed,
    mitigated: f.state !== 'unmitigated',
  }))
  const obs = a.order_blocks.map((o) => ({
    kind: 'order_block',
    direction: o.direction,
    top: o.top,
    bottom: o.bottom,
    index: o.confirmed,
    mitigated: o.state !== 'active',
  }))
  return [...fvgs, ...obs]
}

export const withZones = (layer: TaLayer): ZoneLayer => ({ ...layer, zones: ictZones })
