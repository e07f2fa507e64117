/** Cross-tenant sweep: a ticker's transcripts are shared market data, not a tenant's resource. */
import type { SweepFixture } from '../../module.ts'

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const transcriptsSweep: Record<string, SweepFixture> = {
  listEarningsTranscripts: ticker,
  ingestEarningsTranscripts: ticker,
  summarizeEarningsTranscript: async () => ({ params: { symbol: 'AAPL', transcript_id: 1 }, shared: true }),
}
