/**
 * What is happening around the symbol: its news (GET /api/news/ticker/{symbol}), its coming earnings
 * reports (GET /api/earnings/calendar?symbols=…) and insiders' open-market purchases
 * (GET /api/intel/insider-buying?symbols=…).
 */
import { useQuery } from '@tanstack/react-query'
import { Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { date, dateTime, money, num } from '../../ui/format.ts'
import { earningsQuery, insiderQuery, newsQuery } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

const HOURS = { bmo: 'before the open', amc: 'after the close', dmh: 'during market hours' } as const

export function News({ symbol }: { symbol: string }) {
  const q = useQuery(newsQuery(symbol))
  return (
    <Section title="News">
      <QueryState
        query={q}
        label="Loading news"
        isEmpty={(n) => n.items.length === 0}
        empty={`No news about ${symbol}.`}
      >
        {(n) => (
          <ul className="news-list">
            {n.items.map((a) => (
              <li key={a.id}>
                <a href={a.url} target="_blank" rel="noreferrer noopener">
                  {a.headline}
                </a>
                <span className="muted">
                  {' '}
                  · {a.source} · {dateTime(a.published_at)}
                </span>
                {a.summary && <p className="muted">{a.summary}</p>}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  )
}

export function Earnings({ symbol, sessionDate }: { symbol: string; sessionDate: string | undefined }) {
  const q = useQuery(earningsQuery(symbol, sessionDate))
  return (
    <Section title="Earnings">
      <QueryState
        query={q}
        label="Loading earnings dates"
        isEmpty={(e) => e.items.length === 0}
        empty="No earnings report in the next 60 days."
      >
        {(e) => (
          <TableWrap label="Earnings dates">
            <table>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Quarter</th>
                  <th scope="col" className="num">
                    EPS estimate
                  </th>
                  <th scope="col" className="num">
                    EPS actual
                  </th>
                </tr>
              </thead>
              <tbody>
                {e.items.map((r) => (
                  <tr key={`${r.date}-${r.quarter}`}>
                    <td>
                      {date(r.date)}
                      {r.hour ? `, ${HOURS[r.hour]}` : ''}
                    </td>
                    <td>
                      Q{r.quarter} {r.year}
                    </td>
                    <td className="num">{num(r.eps_estimate)}</td>
                    <td className="num">{num(r.eps_actual)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryState>
    </Section>
  )
}

export function InsiderBuying({ symbol }: { symbol: string }) {
  const q = useQuery(insiderQuery(symbol))
  return (
    <Section title="Insider buying (90 days)">
      <QueryState
        query={q}
        label="Loading insider purchases"
        isEmpty={(r) => r.items.length === 0 && !r.degraded}
        empty="No open-market purchase by an insider in the last 90 days."
      >
        {(r) =>
          r.degraded ? (
            <p className="notice">
              Insider filings could not be read just now{r.reason ? ` (${r.reason})` : ''}.
            </p>
          ) : (
            <TableWrap label="Insider purchases">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Insider</th>
                    <th scope="col" className="num">
                      Shares
                    </th>
                    <th scope="col" className="num">
                      Value
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.items.map((t, i) => (
                    <tr key={`${t.transaction_date}-${t.insider_name}-${i}`}>
                      <td>{date(t.transaction_date)}</td>
                      <td>
                        {t.filing_url ? (
                          <a href={t.filing_url} target="_blank" rel="noreferrer noopener">
                            {t.insider_name}
                          </a>
                        ) : (
                          t.insider_name
                        )}
                        {t.insider_title ? <span className="muted">, {t.insider_title}</span> : null}
                      </td>
                      <td className="num">{num(t.shares, 0)}</td>
                      <td className="num">
                        {money(t.value, 'USD', { minimumFractionDigits: 0, maximumFractionDigits: 0 })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </QueryState>
    </Section>
  )
}
