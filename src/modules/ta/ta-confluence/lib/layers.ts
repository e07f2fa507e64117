/**
 * The technical-analysis layers confluence combines: whichever of the three layer modules are
 * installed (each exports `layer: TaLayer`). An absent layer is not an error: confluence drops it
 * and renormalises, the catalog lists it empty and its backtests answer 404.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { Direction, TaLayer, TaLayerName } from '../../../../platform/ta-layer.ts'

export const LAYER_NAMES: readonly TaLayerName[] = ['structure', 'price_action', 'ict']

/** A price zone (FVG or order block) the ICT layer may expose for the dashboard. */
export interface Zone {
  kind: string
  direction: Direction
  top: number
  bottom: number
  /** The bar that confirmed it. */
  index: number
  mitigated: boolean
}

/** The ICT layer, optionally able to list its zones (`zones(bars)`), for the dashboard. */
export type ZoneLayer = TaLayer & { zones?: (bars: readonly Bar[]) => Zone[] }

export class TaLayers {
  private byName = new Map<TaLayerName, TaLayer>()

  constructor(layers: readonly (TaLayer | undefined)[]) {
    this.use(layers)
  }

  /** Replaces the installed layers (tests install fakes). */
  use(layers: readonly (TaLayer | undefined)[]): void {
    this.byName = new Map(layers.filter((l): l is TaLayer => !!l).map((l) => [l.layer, l]))
  }

  get(name: TaLayerName): TaLayer | undefined {
    return this.byName.get(name)
  }

  /** A layer by a caller-given name: undefined when unknown or not installed. */
  find(name: string): TaLayer | undefined {
    return (LAYER_NAMES as readonly string[]).includes(name)
      ? this.byName.get(name as TaLayerName)
      : undefined
  }

  /** The installed layers' names. */
  names(): TaLayerName[] {
    return [...this.byName.keys()]
  }

  get zones(): ZoneLayer | undefined {
    return this.byName.get('ict')
  }
}
