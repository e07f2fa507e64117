/** OpenAPI example values shared by the intraday routes (the S1 session of quant-definitions.md). */
import type { IntradayBars } from './bars.schemas.ts'
import type { Signal } from './signals.schemas.ts'

export const orbSignal: Signal = {
  id: 41,
  symbol: 'AAPL',
  setup: 'orb',
  direction: 'long',
  confidence: 0.6153,
  price: 52.05,
  trigger_time: '2026-11-20T15:15:00.000Z',
  session_date: '2026-11-20',
  session: 'REGULAR',
  interval: '5m',
  evidence: {
    or_minutes: 15,
    or_high: 51.7,
    or_low: 50.9,
    or_avg_volume: 90000,
    close: 52.05,
    volume: 150000,
    volume_ratio: 1.666667,
    volume_mult: 1.5,
    clearance: 0.35,
  },
  created_at: '2026-11-20T15:21:03.000Z',
}

export const reclaimSignal: Signal = {
  id: 40,
  symbol: 'AAPL',
  setup: 'vwap_reclaim',
  direction: 'long',
  confidence: 0.7067,
  price: 51.6,
  trigger_time: '2026-11-20T15:05:00.000Z',
  session_date: '2026-11-20',
  session: 'REGULAR',
  interval: '5m',
  evidence: {
    trigger_bar: '2026-11-20T15:00:00.000Z',
    trigger_close: 51.35,
    trigger_vwap: 51.128395,
    bars_beyond_before: 5,
    trigger_volume: 90000,
    mean_prior_volume: 75000,
    volume_ratio: 1.2,
    confirm_close: 51.6,
    confirm_vwap: 51.1812,
  },
  created_at: '2026-11-20T15:21:03.000Z',
}

export const barsExample: IntradayBars = {
  symbol: 'AAPL',
  interval: '5m',
  session_date: '2026-11-20',
  complete: false,
  source: 'live',
  items: [
    {
      time: '2026-11-20T14:30:00.000Z',
      open: 51.2,
      high: 51.6,
      low: 50.9,
      close: 51.45,
      volume: 120000,
      vwap: 51.316667,
      rsi: null,
      macd: null,
      macd_signal: null,
      macd_hist: null,
    },
    {
      time: '2026-11-20T14:35:00.000Z',
      open: 51.45,
      high: 51.7,
      low: 51.2,
      close: 51.3,
      volume: 80000,
      vwap: 51.35,
      rsi: null,
      macd: null,
      macd_signal: null,
      macd_hist: null,
    },
  ],
}
