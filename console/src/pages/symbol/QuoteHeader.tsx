/** The symbol's quote (GET /api/quotes/{symbol}) and what it is (GET /api/instruments/{symbol}). */
import { useQuery } from '@tanstack/react-query'
import { Stat } from '../../ui/Stat.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { date, num, pctPoints, signedMoney, trend, price } from '../../ui/format.ts'
import { exchangeTime } from './chart-time.ts'
import { quoteQuery } from './queries.ts'
import type { ApiOf } from './types.ts'

const STATUS = {
  pre: 'Pre-market',
  regular: 'Market open',
  post: 'After hours',
  closed: 'Market closed',
} as const

export function QuoteHeader({
  symbol,
  instrument,
}: {
  symbol: string
  instrument: ApiOf<'/api/instruments/{symbol}'> | undefined
}) {
  const quote = useQuery(quoteQuery(symbol))
  const currency = instrument?.currency ?? 'USD'
  return (
    <>
      {instrument && (
        <p className="muted symbol-meta">
          {instrument.name} · {instrument.exchange || 'exchange not given'} ·{' '}
          {instrument.type.replace('_', ' ')} · prices in {instrument.currency}
          {instrument.sector ? ` · ${instrument.sector}` : ''}
        </p>
      )}
      <QueryState query={quote} label="Loading the quote">
        {(q) => (
          <div className="stats" aria-label="Quote" role="group">
            <Stat
              label="Last"
              value={price(q.last, currency)}
              sub={`${STATUS[q.market_status]}${q.delayed ? ', delayed' : ''} · ${exchangeTime(q.as_of)}`}
            />
            <Stat
              label="Change"
              value={signedMoney(q.change, currency)}
              tone={trend(q.change)}
              sub={pctPoints(q.change_pct, 2, true)}
            />
            <Stat
              label="Previous close"
              value={price(q.previous_close, currency)}
              sub={`before ${date(q.session_date)}`}
            />
            <Stat
              label="Bid / ask"
              value={
                q.bid === null || q.ask === null
                  ? '—'
                  : `${price(q.bid, currency)} / ${price(q.ask, currency)}`
              }
              sub={q.bid === null ? 'no market quoting outside the session' : undefined}
            />
            <Stat label="Volume" value={num(q.volume, 0)} sub={`session of ${date(q.session_date)}`} />
          </div>
        )}
      </QueryState>
    </>
  )
}
