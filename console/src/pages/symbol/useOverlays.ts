/**
 * The analysis overlays the user switched on: each reads its operation only while it is on (on the
 * chart's timeframe) and yields what it draws and lists.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useMemo } from 'react'
import * as build from './overlays.ts'
import { OVERLAYS, type Colors, type Drawn, type OverlayId } from './overlays.ts'
import {
  eventsQuery,
  patternsQuery,
  premiumDiscountQuery,
  structureQuery,
  zonesQuery,
  type TaTimeframe,
} from './queries.ts'

export interface Layer {
  id: OverlayId
  label: string
  noun: string
  query: UseQueryResult<unknown>
  drawn: Drawn | undefined
  /** Detections in the analysed bars when the answer lists only the newest of them. */
  total: number | undefined
}

const EMPTY: Drawn = { markers: [], boxes: [], rows: [] }

export function useOverlays(symbol: string, tf: TaTimeframe, on: ReadonlySet<OverlayId>, colors: Colors) {
  const structure = useQuery({ ...structureQuery(symbol, tf), enabled: on.has('swings') })
  const events = useQuery({ ...eventsQuery(symbol, tf), enabled: on.has('breaks') })
  const zones = useQuery({ ...zonesQuery(symbol, tf), enabled: on.has('fvg') || on.has('ob') })
  const pd = useQuery({ ...premiumDiscountQuery(symbol, tf), enabled: on.has('pd') })
  const patterns = useQuery({ ...patternsQuery(symbol, tf), enabled: on.has('patterns') })

  const s = structure.data
  const e = events.data
  const z = zones.data
  const p = pd.data
  const pa = patterns.data
  const parts = useMemo(
    (): Record<OverlayId, Drawn | undefined> => ({
      swings: s && build.swings(s, colors),
      breaks: e && build.breaks(e, colors),
      fvg: z && build.fvgs(z, colors),
      ob: z && build.orderBlocks(z, colors),
      pd: p && build.premiumDiscount(p, colors),
      patterns: pa && build.patterns(pa, colors),
    }),
    [s, e, z, p, pa, colors],
  )
  const queries: Record<OverlayId, UseQueryResult<unknown>> = {
    swings: structure,
    breaks: events,
    fvg: zones,
    ob: zones,
    pd,
    patterns,
  }
  const totals: Record<OverlayId, number | undefined> = {
    swings: undefined,
    breaks: e?.total,
    fvg: z?.fvg_total,
    ob: z?.order_block_total,
    pd: undefined,
    patterns: pa?.total,
  }
  const layers = OVERLAYS.filter((o) => on.has(o.id)).map((o): Layer => ({
    ...o,
    query: queries[o.id],
    drawn: parts[o.id],
    total: totals[o.id],
  }))
  const drawn = useMemo(() => {
    const shown = OVERLAYS.flatMap((o) => (on.has(o.id) && parts[o.id] ? [parts[o.id] as Drawn] : []))
    return shown.reduce<Drawn>(
      (all, d) => ({ markers: [...all.markers, ...d.markers], boxes: [...all.boxes, ...d.boxes], rows: [] }),
      EMPTY,
    )
  }, [parts, on])
  return { layers, drawn }
}
