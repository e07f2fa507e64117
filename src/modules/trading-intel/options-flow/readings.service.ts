/**
 * One symbol's flow reading from the market data provider: the expiration to use, its contracts,
 * their summed volumes and the classification. Provider failures become a `failed` entry (the
 * other symbols of the call proceed); nothing here touches the database.
 */
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { classifyFlow, sumVolumes, type FlowDirection, type FlowVolumes } from './lib/classify.ts'
import { flowExpiration } from './lib/expiration.ts'
import type { FailedOut, SkippedOut } from './options-flow.schemas.ts'

export type Reading =
  | {
      kind: 'signal'
      symbol: string
      direction: FlowDirection
      put_call_ratio: number | null
      confidence: number
      volumes: FlowVolumes
      expiration: string
    }
  | ({ kind: 'skip' } & SkippedOut)
  | ({ kind: 'failed' } & FailedOut)

const NO_VOLUMES: FlowVolumes = { put_volume: 0, call_volume: 0, contracts: 0 }

export async function readFlow(market: MarketDataProvider, symbol: string, now: Date): Promise<Reading> {
  try {
    return await classifyChain(market, symbol, now)
  } catch (e) {
    if (!isUpstreamError(e)) throw e
    return { kind: 'failed', symbol, code: `upstream.${e.kind}`, detail: e.message }
  }
}

async function classifyChain(market: MarketDataProvider, symbol: string, now: Date): Promise<Reading> {
  let chain = await market.optionChain(symbol)
  const expiration = flowExpiration(chain.expirations, now)
  if (!expiration) return { kind: 'skip', symbol, reason: 'no_options', ...NO_VOLUMES, expiration: null }
  // The provider's default is its nearest listing; after an expiration day's close we roll past it.
  if (!chain.contracts.some((c) => c.expiration === expiration))
    chain = await market.optionChain(symbol, { expiration })
  const contracts = chain.contracts.filter((c) => c.expiration === expiration)
  if (!contracts.length) return { kind: 'skip', symbol, reason: 'no_options', ...NO_VOLUMES, expiration }
  const volumes = sumVolumes(contracts)
  const r = classifyFlow(volumes)
  if (r.kind === 'skip') return { kind: 'skip', symbol, reason: r.reason, ...volumes, expiration }
  const { direction, put_call_ratio, confidence } = r
  return { kind: 'signal', symbol, direction, put_call_ratio, confidence, volumes, expiration }
}
