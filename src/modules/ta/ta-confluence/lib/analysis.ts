/**
 * One symbol and timeframe's confluence from already-read bars: the three layers' scores (a
 * layer not installed is dropped), momentum and volume from the quant kernels, then `combine`.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { TaLayerName } from '../../../../platform/ta-layer.ts'
import { combine, momentum, volume, type ComponentInput, type Confluence } from './confluence.ts'
import type { TaLayers } from './layers.ts'

const LAYER_COMPONENTS: readonly TaLayerName[] = ['structure', 'ict', 'price_action']

function layerComponent(layers: TaLayers, name: TaLayerName, bars: readonly Bar[]): ComponentInput {
  const layer = layers.get(name)
  if (!layer) return { layer: name, score: null, evidence: { dropped: 'layer_not_installed' } }
  const { score, evidence } = layer.score(bars)
  return { layer: name, score, evidence: score === null ? { ...evidence, dropped: 'no_score' } : evidence }
}

export function analyse(layers: TaLayers, bars: readonly Bar[]): Confluence {
  const components = LAYER_COMPONENTS.map((name) => layerComponent(layers, name, bars))
  return combine([...components, momentum(bars), volume(bars)])
}
