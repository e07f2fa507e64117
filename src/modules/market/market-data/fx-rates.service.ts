/**
 * GET /api/market/fx: the daily rates between two currencies over a range, each with the date of
 * the fixing it comes from, for users to check a conversion. At most `MAX_FX_DAYS` days a request.
 */
import type { Clock } from '../../../platform/clock.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { addDays } from '../../../kernel/dates.ts'
import type { FxPoint, FxService } from './fx.service.ts'

export const MAX_FX_DAYS = 366
export const DEFAULT_FX_DAYS = 31
/** The euro's first day. */
const FIRST_DAY = '1999-01-01'

export interface FxRatesQuery {
  from: string
  to: string
  start?: string
  end?: string
}

export interface FxRates {
  from: string
  to: string
  start: string
  end: string
  provider: string
  items: FxPoint[]
}

const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1

export class FxRatesService {
  constructor(private readonly deps: { clock: Clock; fx: FxService; provider: string }) {}

  async rates(q: FxRatesQuery): Promise<FxRates> {
    const end = q.end ?? nyDate(this.deps.clock.now())
    const start = q.start ?? addDays(end, -(DEFAULT_FX_DAYS - 1))
    if (start > end) throw UnprocessableError.field(['query', 'start'], 'must not be after end')
    if (start < FIRST_DAY)
      throw UnprocessableError.field(['query', 'start'], `no euro reference rates before ${FIRST_DAY}`)
    if (days(start, end) > MAX_FX_DAYS)
      throw UnprocessableError.field(['query', 'end'], `at most ${MAX_FX_DAYS} days from start to end`)
    const quoted = await this.deps.fx.currencies()
    for (const field of ['from', 'to'] as const)
      if (!quoted.includes(q[field]))
        throw new UnprocessableError(
          'market.unsupported_currency',
          `${field}: no exchange rates for ${q[field]}; quoted: ${quoted.join(', ')}`,
          [{ loc: ['query', field], msg: `no exchange rates for ${q[field]}`, type: 'value_error' }],
        )
    const items = await this.deps.fx.series(q.from, q.to, start, end)
    return { from: q.from, to: q.to, start, end, provider: this.deps.provider, items }
  }
}
