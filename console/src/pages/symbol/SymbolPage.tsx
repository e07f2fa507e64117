/**
 * /symbols/:symbol: one instrument's quote, candles on every timeframe with the technical analysis
 * overlays, the confluence score, news, earnings dates and insider buying. The timeframe chosen also
 * sets the timeframe of the analysis and of the confluence score.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Page } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { ChartSection } from './ChartSection.tsx'
import { ConfluencePanel } from './ConfluencePanel.tsx'
import type { Colors } from './overlays.ts'
import { instrumentQuery, quoteQuery, sameView, VIEWS, type View } from './queries.ts'
import { QuoteHeader } from './QuoteHeader.tsx'
import { Earnings, InsiderBuying, News } from './SymbolIntel.tsx'

function readColors(): Colors {
  const css = getComputedStyle(document.documentElement)
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback
  return {
    up: v('--up', '#15803d'),
    down: v('--down', '#b91c1c'),
    accent: v('--chart-4', '#7c3aed'),
    muted: v('--muted', '#4b5563'),
  }
}

export default function SymbolPage() {
  const symbol = (useParams().symbol ?? '').toUpperCase()
  const [view, setView] = useState<View>({ source: 'bars', interval: '1d' })
  const instrument = useQuery(instrumentQuery(symbol))
  const quote = useQuery(quoteQuery(symbol))
  const [colors] = useState(readColors)
  const label = VIEWS.find((v) => sameView(v.view, view))?.label ?? view.interval
  const currency = instrument.data?.currency ?? 'USD'

  return (
    <Page title={instrument.data ? `${symbol} · ${instrument.data.name}` : symbol}>
      {instrument.isError ? (
        <>
          <ProblemAlert error={instrument.error} />
          <p>
            <Link to="/symbols">Search for another symbol</Link>
          </p>
        </>
      ) : (
        <>
          <QuoteHeader symbol={symbol} instrument={instrument.data} />
          <ChartSection symbol={symbol} currency={currency} view={view} onView={setView} colors={colors} />
          <div className="grid">
            <ConfluencePanel symbol={symbol} tf={view.interval} label={label} />
            <Earnings symbol={symbol} sessionDate={quote.data?.session_date} />
          </div>
          <div className="grid">
            <News symbol={symbol} />
            <InsiderBuying symbol={symbol} />
          </div>
        </>
      )}
    </Page>
  )
}
