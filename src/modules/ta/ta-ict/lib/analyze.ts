/** The whole ICT analysis of one series: swings, FVGs, order blocks, breakers, range, pools. */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { fairValueGaps, type Fvg } from './fvg.ts'
import { liquidityPools, pipOf, type LiquidityPool } from './liquidity.ts'
import { orderBlocks, type Breaker, type OrderBlock } from './order-blocks.ts'
import { premiumDiscount, type PremiumDiscount } from './premium-discount.ts'
import { SWING_LR, swings, type Swing } from './swings.ts'

export interface IctOptions {
  /** Swing pivot L = R; default the daily one. */
  swingLR?: number
}

export interface IctAnalysis {
  swing_lr: number
  swings: Swing[]
  fvgs: Fvg[]
  order_blocks: OrderBlock[]
  breakers: Breaker[]
  premium_discount: PremiumDiscount | null
  pip: number
  liquidity: LiquidityPool[]
}

export function analyzeIct(bars: readonly Bar[], opts: IctOptions = {}): IctAnalysis {
  const lr = opts.swingLR ?? SWING_LR['1d']
  const sw = swings(bars, lr)
  const obs = orderBlocks(bars, sw)
  const pip = pipOf(bars)
  return {
    swing_lr: lr,
    swings: sw,
    fvgs: fairValueGaps(bars),
    order_blocks: obs,
    breakers: obs
      .flatMap((o) => (o.breaker ? [o.breaker] : []))
      .sort((a, b) => a.formed.index - b.formed.index),
    premium_discount: premiumDiscount(bars, sw),
    pip,
    liquidity: liquidityPools(bars, sw, pip),
  }
}
