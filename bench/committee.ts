/**
 * The investment committee's analysts and a research report in process, no HTTP and no database:
 * `npx tsx bench/committee.ts [rounds]`. Simulated providers at a fixed clock (Tuesday 2026-11-24,
 * 10:00 ET); holdings stubbed (one account, three positions). Times (1) one whole evaluation — the
 * five analysts' provider reads and rules — per symbol, (2) the rules alone on data already read
 * (technical + risk on 260 daily bars, flow, sentiment, fundamental, the portfolio manager), and
 * (3) the five sections of a research report on a five-symbol theme.
 */
import { AnalystsService } from '../src/modules/trading-intel/committee/analysts.service.ts'
import { DEFAULT_CONFIG, votingWeights } from '../src/modules/trading-intel/committee/lib/config.ts'
import { ruleDecision } from '../src/modules/trading-intel/committee/lib/decide.ts'
import { flowOpinion } from '../src/modules/trading-intel/committee/lib/flow.ts'
import { fundamentalOpinion } from '../src/modules/trading-intel/committee/lib/fundamental.ts'
import { riskOpinion } from '../src/modules/trading-intel/committee/lib/risk.ts'
import { sentimentOpinion } from '../src/modules/trading-intel/committee/lib/sentiment.ts'
import { technicalOpinion } from '../src/modules/trading-intel/committee/lib/technical.ts'
import { THEMES } from '../src/modules/trading-intel/market-research/lib/themes.ts'
import {
  ResearchSections,
  SECTION_NAMES,
} from '../src/modules/trading-intel/market-research/sections.service.ts'
import { fixedClock } from '../src/platform/clock.ts'
import { createMarketProviders } from '../src/providers/market-data/index.ts'
import { loadConfig } from '../src/platform/config.ts'
import { median } from './report.ts'

const ROUNDS = Number(process.argv[2] ?? 20)
const clock = fixedClock('2026-11-24T15:00:00Z')
const config = loadConfig({})
// The simulated providers read no network: no HTTP client is needed.
const p = createMarketProviders(config, { clock } as unknown as Parameters<typeof createMarketProviders>[1])
const holdings = {
  latest: async () => [
    { symbol: 'AAPL', quantity: 100, market_value: 23_000 },
    { symbol: 'MSFT', quantity: 40, market_value: 20_000 },
    { symbol: 'XOM', quantity: 50, market_value: 6_000 },
  ],
}
const analysts = new AnalystsService({
  clock,
  market: p.market,
  news: p.news,
  earnings: p.earnings,
  holdings,
})
const fmt = (x: number) => x.toFixed(2)
async function ms(work: () => unknown): Promise<number> {
  const t = performance.now()
  await work()
  return performance.now() - t
}

const symbols = ['AAPL', 'MSFT', 'NVDA', 'JPM', 'XOM']
const whole: number[] = []
for (let i = 0; i < ROUNDS; i++)
  for (const s of symbols) whole.push(await ms(() => analysts.evaluate(1, s, null, DEFAULT_CONFIG)))

const bars = await p.market.bars('AAPL', { interval: '1d', limit: 260 })
const chain = await p.market.optionChain('AAPL')
const news = await p.news.news({ symbols: ['AAPL'], limit: 50 })
const instrument = (await p.market.instrument('AAPL'))!
const events = await p.earnings.calendar('2025-10-01', '2026-11-24', ['AAPL'])
const daily = { high: bars.map((b) => b.high), low: bars.map((b) => b.low), close: bars.map((b) => b.close) }
const position = { quantity: 100, market_value: 23_000, account_value: 49_000 }
const rules: number[] = []
for (let i = 0; i < ROUNDS * 10; i++)
  rules.push(
    await ms(() => {
      const ops = [
        technicalOpinion(daily.close),
        fundamentalOpinion(instrument, events),
        sentimentOpinion(news),
        flowOpinion(chain.contracts),
        riskOpinion(daily, position, 0.1),
      ]
      const sizing = {
        price: daily.close.at(-1)!,
        account_value: 49_000,
        held_quantity: 100,
        position_weight: 0.47,
      }
      return ruleDecision(ops, votingWeights(DEFAULT_CONFIG), DEFAULT_CONFIG.risk, sizing)
    }),
  )

const sections = new ResearchSections({
  clock,
  market: p.market,
  news: p.news,
  transcripts: p.transcripts,
  insider: p.insider,
  committee: { analysts, config: { current: async () => ({ config: DEFAULT_CONFIG, updated_at: null }) } },
})
const research: number[] = []
for (let i = 0; i < Math.max(3, Math.floor(ROUNDS / 4)); i++)
  research.push(
    await ms(async () => {
      for (const name of SECTION_NAMES) await sections.section(name, 1, [...THEMES.semiconductors])
    }),
  )

let out = `committee evaluation (5 analysts, simulated providers), ${whole.length} runs: `
out += `median ${fmt(median(whole))} ms, max ${fmt(Math.max(...whole))} ms\n`
out += `rules only on data read (5 opinions + decision), ${rules.length} runs: median ${fmt(median(rules))} ms, `
out += `max ${fmt(Math.max(...rules))} ms\n`
out += `research report, theme semiconductors (5 symbols × 5 sections), ${research.length} runs: `
out += `median ${fmt(median(research))} ms\n`
process.stdout.write(out)
