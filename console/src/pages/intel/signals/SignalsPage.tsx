/**
 * /intel/signals — the intraday setups detected in the window (GET /intraday/signal-dashboard) and the
 * options-flow readings (GET /intraday/flow), each with its summary figures.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { date, dateTime, num, pct, price } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { Stat } from '../../../ui/Stat.tsx'
import { SessionsPicker } from '../Sessions.tsx'
import { optionsFlow, signalDashboard, type Dashboard, type Flow } from './api.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

const setupName = {
  orb: 'Opening-range breakout',
  vwap_reclaim: 'VWAP reclaim',
  gap: 'Gap',
  volume_spike: 'Volume spike',
}

function Signals({ d }: { d: Dashboard }) {
  return (
    <>
      <div className="stats">
        <Stat
          label="Signals"
          value={d.stats.total}
          sub={`${d.stats.by_direction.long} long · ${d.stats.by_direction.short} short`}
        />
        <Stat label="Symbols" value={d.stats.symbols} />
        <Stat label="Mean confidence" value={pct(d.stats.avg_confidence, 1)} />
      </div>
      <TableWrap label="Intraday signals">
        <table aria-label="Intraday signals">
          <thead>
            <tr>
              <th scope="col">Trigger</th>
              <th scope="col">Symbol</th>
              <th scope="col">Setup</th>
              <th scope="col">Direction</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Confidence
              </th>
              <th scope="col">Session</th>
            </tr>
          </thead>
          <tbody>
            {d.signals.map((s) => (
              <tr key={s.id}>
                <td>{dateTime(s.trigger_time, 'America/New_York')}</td>
                <td>{s.symbol}</td>
                <td>{setupName[s.setup]}</td>
                <td className={s.direction === 'long' ? 'up' : 'down'}>{s.direction}</td>
                <td className="num">{price(s.price)}</td>
                <td className="num">{pct(s.confidence, 0)}</td>
                <td>
                  {date(s.session_date)} {s.session.toLowerCase()}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}

const flowName = { CALL_DOMINANCE: 'Call dominance', PUT_DOMINANCE: 'Put dominance', NEUTRAL_FLOW: 'Neutral' }

function FlowView({ f }: { f: Flow }) {
  return (
    <>
      <div className="stats">
        <Stat label="Readings" value={f.stats.total} />
        <Stat label="Call dominance" value={f.stats.by_direction.CALL_DOMINANCE} />
        <Stat label="Put dominance" value={f.stats.by_direction.PUT_DOMINANCE} />
        <Stat label="Mean put/call ratio" value={num(f.stats.avg_put_call_ratio, 3)} />
      </div>
      {f.truncated && <p className="muted">Showing the newest {f.items.length} readings.</p>}
      <TableWrap label="Options flow">
        <table aria-label="Options flow">
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col">Session</th>
              <th scope="col">Flow</th>
              <th scope="col" className="num">
                Put/call
              </th>
              <th scope="col" className="num">
                Calls
              </th>
              <th scope="col" className="num">
                Puts
              </th>
              <th scope="col" className="num">
                Confidence
              </th>
              <th scope="col">Expiration</th>
            </tr>
          </thead>
          <tbody>
            {f.items.map((r) => (
              <tr key={r.id}>
                <td>{r.symbol}</td>
                <td>{date(r.trading_date)}</td>
                <td>{flowName[r.direction]}</td>
                <td className="num">
                  {r.evidence.put_call_ratio === null ? 'no calls' : num(r.evidence.put_call_ratio, 3)}
                </td>
                <td className="num">{num(r.evidence.call_volume, 0)}</td>
                <td className="num">{num(r.evidence.put_volume, 0)}</td>
                <td className="num">{pct(r.confidence, 0)}</td>
                <td>{date(r.evidence.expiration)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}

export default function SignalsPage() {
  const [sessions, setSessions] = useState(1)
  const signals = useQuery({
    queryKey: ['intel', 'signals', sessions],
    queryFn: () => signalDashboard(sessions),
  })
  const flow = useQuery({ queryKey: ['intel', 'flow', sessions], queryFn: () => optionsFlow(sessions) })
  return (
    <Page
      title="Signals and options flow"
      actions={<SessionsPicker value={sessions} onChange={setSessions} />}
    >
      <Section title="Intraday signals">
        <QueryState
          query={signals}
          label="Loading signals"
          isEmpty={(d) => d.signals.length === 0}
          empty="No setup fired in this window. Setups are detected on your largest holdings every few minutes while the regular session is open; widen the window to see earlier sessions."
        >
          {(d) => <Signals d={d} />}
        </QueryState>
      </Section>
      <Section title="Options flow">
        <QueryState
          query={flow}
          label="Loading options flow"
          isEmpty={(d) => d.items.length === 0}
          empty="No options-flow reading in this window. Readings are taken for your largest holdings every 15 minutes while the regular session is open; widen the window to see earlier ones."
        >
          {(f) => <FlowView f={f} />}
        </QueryState>
      </Section>
    </Page>
  )
}
