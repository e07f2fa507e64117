/**
 * The confluence score on the chart's timeframe (GET /api/ta/confluence/{symbol}): the weighted mean
 * of the components that have a score, in [−1, 1] (shown also as 0–100), and each component's score
 * and weight as a table with bars.
 */
import { useQuery } from '@tanstack/react-query'
import { Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { Stat } from '../../ui/Stat.tsx'
import { num, pct, trend } from '../../ui/format.ts'
import { confluenceQuery, type TaTimeframe } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

const NAMES: Record<string, string> = {
  structure: 'Market structure',
  ict: 'ICT zones',
  price_action: 'Price action',
  momentum: 'Momentum',
  volume: 'Volume',
}

/** A score in [−1, 1] as a bar growing right (bullish) or left (bearish) from the middle. */
function ScoreBar({ score }: { score: number | null }) {
  if (score === null) return <span className="muted">—</span>
  const width = `${Math.min(50, Math.abs(score) * 50)}%`
  return (
    <span className="score-track" aria-hidden="true">
      <span
        className={`score-fill ${score >= 0 ? 'pos' : 'neg'}`}
        style={score >= 0 ? { left: '50%', width } : { right: '50%', width }}
      />
    </span>
  )
}

export function ConfluencePanel({ symbol, tf, label }: { symbol: string; tf: TaTimeframe; label: string }) {
  const q = useQuery(confluenceQuery(symbol, tf))
  return (
    <Section title={`Confluence (${label})`}>
      <QueryState query={q} label="Loading the confluence score">
        {(c) => (
          <>
            <div className="stats">
              <Stat
                label="Confluence score"
                value={c.score === null ? '—' : num(c.score, 3)}
                tone={trend(c.score)}
                sub="−1 bearish … +1 bullish"
              />
              <Stat
                label="On a 0–100 scale"
                value={num(c.display, 1)}
                sub={c.bias ? `bias ${c.bias}` : 'no bias'}
              />
              <Stat
                label="Agreement"
                value={pct(c.agreement, 0)}
                sub="weight agreeing with the score’s sign"
              />
            </div>
            {c.score === null && <p className="empty">Too few bars for a score on this timeframe.</p>}
            <TableWrap label="Confluence components">
              <table className="confluence">
                <caption className="muted">
                  Components: each scored in [−1, 1]; weights renormalised over those used
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Component</th>
                    <th scope="col" className="num">
                      Score
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Score as a bar</span>
                    </th>
                    <th scope="col" className="num">
                      Weight
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {c.components.map((k) => (
                    <tr key={k.layer} data-layer={k.layer}>
                      <td>{NAMES[k.layer] ?? k.layer}</td>
                      <td className={`num ${trend(k.score)}`}>{k.used ? num(k.score, 3) : 'not scored'}</td>
                      <td>
                        <ScoreBar score={k.used ? k.score : null} />
                      </td>
                      <td className="num">{pct(k.effective_weight, 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </>
        )}
      </QueryState>
    </Section>
  )
}
