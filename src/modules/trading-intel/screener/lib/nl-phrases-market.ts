/**
 * Keyword rules about price action, technicals, performance and the caller's portfolio (the
 * size and valuation rules are in nl-phrases.ts, with the thresholds).
 */
import {
  ATR_QUIET_PCT,
  ATR_VOLATILE_PCT,
  BETA_HIGH,
  BETA_LOW,
  CHEAP_PRICE,
  GAP_PCT,
  NEAR_52W_PCT,
  PENNY_PRICE,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  RVOL_ON_VOLUME,
  RVOL_UNUSUAL,
  UNCORRELATED,
  UNDERWEIGHT_PCT,
  type PhraseRule,
} from './nl-phrases.ts'
import { AMOUNT, CMP, amount, cmpOp } from './nl-words.ts'
import type { Condition, Op } from './spec.ts'

const c = (field: string, op: Op, value?: Condition['value']): Condition =>
  value === undefined ? { field, op } : { field, op, value }

const SMA = '(20|50|200)[- ]?(?:day|d)(?:[- ](?:simple )?moving average|[- ]?sma|[- ]?ma\\b|[- ]?dma)?'
const PERIOD =
  '(this year|ytd|year to date|this month|this week|(?:over |in )?the (?:past|last) (?:year|12 months|3 months|three months|quarter|month|week))'
const HIGH52 = '(?:the |their |its )?(?:52[- ]?week |52w |yearly |annual )?high'
const LOW52 = '(?:the |their |its )?(?:52[- ]?week |52w |yearly |annual )?low'

/** "this year" → perf_ytd, "the past month" → perf_1m, … */
export function perfField(period: string): string {
  if (/week/.test(period)) return 'perf_1w'
  if (/3 months|three months|quarter/.test(period)) return 'perf_3m'
  if (/month/.test(period)) return 'perf_1m'
  if (/year|12 months/.test(period) && !/this year|ytd|year to date/.test(period)) return 'perf_1y'
  return 'perf_ytd'
}

const above = (w: string): boolean => cmpOp(w) === 'gt' || cmpOp(w) === 'gte'

export const MOVE_RULES: PhraseRule[] = [
  {
    id: 'gainers',
    pattern: /\b(?:top|biggest|best|largest) (?:gainers|winners|movers up)(?: today)?\b/g,
    build: () => ({
      name: 'top gainers today',
      conditions: [c('change_pct', 'gt', 0)],
      sort: [{ field: 'change_pct', dir: 'desc' }],
    }),
  },
  {
    id: 'losers',
    pattern: /\b(?:top|biggest|worst|largest) (?:losers|decliners|movers down)(?: today)?\b/g,
    build: () => ({
      name: 'biggest losers today',
      conditions: [c('change_pct', 'lt', 0)],
      sort: [{ field: 'change_pct', dir: 'asc' }],
    }),
  },
  {
    id: 'off_high',
    pattern: new RegExp(
      `\\b(?:down )?(\\d+(?:\\.\\d+)?) ?% (?:or more )?(?:from|off|below) ${HIGH52}s?\\b`,
      'g',
    ),
    build: (m) => ({ name: 'off the 52-week high', conditions: [c('dist_52w_high', 'lte', -Number(m[1]))] }),
  },
  {
    id: 'off_low',
    pattern: new RegExp(
      `\\b(?:up )?(\\d+(?:\\.\\d+)?) ?% (?:or more )?(?:from|off|above) ${LOW52}s?\\b`,
      'g',
    ),
    build: (m) => ({ name: 'off the 52-week low', conditions: [c('dist_52w_low', 'gte', Number(m[1]))] }),
  },
  {
    id: 'perf_period',
    pattern: new RegExp(
      `\\b(up|down) (?:more than |over |at least |by )?(\\d+(?:\\.\\d+)?) ?% ${PERIOD}`,
      'g',
    ),
    build: (m) => {
      const field = perfField(m[3]!)
      const n = Number(m[2])
      const cond = m[1] === 'up' ? c(field, 'gt', n) : c(field, 'lt', -n)
      return { name: `performance ${m[3]!}`, conditions: [cond] }
    },
  },
  {
    id: 'change_today',
    pattern: /\b(up|down) (?:more than |over |at least |by )?(\d+(?:\.\d+)?) ?%(?: today)?/g,
    build: (m) => {
      const n = Number(m[2])
      return {
        name: `${m[1]!} today`,
        conditions: [m[1] === 'up' ? c('change_pct', 'gt', n) : c('change_pct', 'lt', -n)],
      }
    },
  },
  {
    id: 'gap_up',
    pattern: /\b(?:gapping up|gap(?:ped|s)? up|gap[- ]ups?|gappers)\b/g,
    build: () => ({ name: 'gapping up', conditions: [c('gap_pct', 'gte', GAP_PCT)] }),
  },
  {
    id: 'gap_down',
    pattern: /\b(?:gapping down|gap(?:ped|s)? down|gap[- ]downs?)\b/g,
    build: () => ({ name: 'gapping down', conditions: [c('gap_pct', 'lte', -GAP_PCT)] }),
  },
  {
    id: 'unusual_volume',
    pattern: /\b(?:unusual|abnormal|heavy|huge) volume\b|\bvolume spikes?\b/g,
    build: () => ({ name: 'unusual volume', conditions: [c('relative_volume', 'gte', RVOL_UNUSUAL)] }),
  },
  {
    id: 'on_volume',
    pattern: /\b(?:on|with) (?:high |big |strong )?volume\b/g,
    build: () => ({ name: 'on volume', conditions: [c('relative_volume', 'gte', RVOL_ON_VOLUME)] }),
  },
  {
    id: 'avg_volume_cmp',
    pattern: new RegExp(`\\baverage volume ${CMP} ${AMOUNT}`, 'g'),
    build: (m) => ({
      name: 'average volume',
      conditions: [c('avg_volume', cmpOp(m[1]!), amount(m[2]!, m[3]))],
    }),
  },
]

export const TECH_RULES: PhraseRule[] = [
  {
    id: 'golden_cross',
    pattern: /\bgolden cross(?:es)?\b/g,
    build: () => ({ name: 'golden cross', conditions: [c('sma_50', 'crosses_above', { field: 'sma_200' })] }),
  },
  {
    id: 'death_cross',
    pattern: /\bdeath cross(?:es)?\b/g,
    build: () => ({ name: 'death cross', conditions: [c('sma_50', 'crosses_below', { field: 'sma_200' })] }),
  },
  {
    id: 'price_cross_sma',
    pattern: new RegExp(
      `\\b(?:price )?(?:crossing|crosses|crossed|breaking) (above|over|below|under) (?:the |its )?${SMA}`,
      'g',
    ),
    build: (m) => ({
      name: `crossing ${above(m[1]!) ? 'above' : 'below'} the ${m[2]!}-day`,
      conditions: [c('price', above(m[1]!) ? 'crosses_above' : 'crosses_below', { field: `sma_${m[2]!}` })],
    }),
  },
  {
    id: 'price_vs_sma',
    pattern: new RegExp(`\\b(above|over|below|under) (?:the |its )?${SMA}`, 'g'),
    build: (m) => ({
      name: `${above(m[1]!) ? 'above' : 'below'} the ${m[2]!}-day moving average`,
      conditions: [c('price', above(m[1]!) ? 'gt' : 'lt', { field: `sma_${m[2]!}` })],
    }),
  },
  {
    id: 'near_high',
    pattern: new RegExp(`\\b(?:near|close to|at|new) ${HIGH52}s?\\b`, 'g'),
    build: () => ({ name: 'near the 52-week high', conditions: [c('dist_52w_high', 'gte', -NEAR_52W_PCT)] }),
  },
  {
    id: 'near_low',
    pattern: new RegExp(`\\b(?:near|close to|at|new) ${LOW52}s?\\b`, 'g'),
    build: () => ({ name: 'near the 52-week low', conditions: [c('dist_52w_low', 'lte', NEAR_52W_PCT)] }),
  },
  {
    id: 'rsi_cmp',
    pattern: new RegExp(`\\brsi(?: ?\\(?14\\)?)? (?:is )?${CMP} (\\d+(?:\\.\\d+)?)`, 'g'),
    build: (m) => ({ name: 'RSI', conditions: [c('rsi_14', cmpOp(m[1]!), Number(m[2]))] }),
  },
  {
    id: 'oversold',
    pattern: /\boversold\b/g,
    build: () => ({ name: 'oversold', conditions: [c('rsi_14', 'lt', RSI_OVERSOLD)] }),
  },
  {
    id: 'overbought',
    pattern: /\boverbought\b/g,
    build: () => ({ name: 'overbought', conditions: [c('rsi_14', 'gt', RSI_OVERBOUGHT)] }),
  },
  {
    id: 'beta_cmp',
    pattern: new RegExp(`\\bbeta (?:of )?${CMP} (\\d+(?:\\.\\d+)?)`, 'g'),
    build: (m) => ({ name: 'beta', conditions: [c('beta', cmpOp(m[1]!), Number(m[2]))] }),
  },
  {
    id: 'low_beta',
    pattern: /\blow[- ]beta\b/g,
    build: () => ({ name: 'low beta', conditions: [c('beta', 'lt', BETA_LOW)] }),
  },
  {
    id: 'high_beta',
    pattern: /\bhigh[- ]beta\b/g,
    build: () => ({ name: 'high beta', conditions: [c('beta', 'gt', BETA_HIGH)] }),
  },
  {
    id: 'volatile',
    pattern: /\b(?:volatile|high[- ]volatility)\b/g,
    build: () => ({ name: 'volatile', conditions: [c('atr_pct', 'gt', ATR_VOLATILE_PCT)] }),
  },
  {
    id: 'quiet',
    pattern: /\blow[- ]volatility\b/g,
    build: () => ({ name: 'low volatility', conditions: [c('atr_pct', 'lt', ATR_QUIET_PCT)] }),
  },
]

export const PRICE_RULES: PhraseRule[] = [
  {
    id: 'penny',
    pattern: /\bpenny stocks?\b/g,
    build: () => ({ name: 'penny stocks', conditions: [c('price', 'lt', PENNY_PRICE)] }),
  },
  {
    id: 'price_cmp',
    pattern: new RegExp(
      `\\b(?:(?:priced|trading|price) )?${CMP} \\$(\\d+(?:\\.\\d+)?)\\b(?!\\s?(?:k|m|b|t|thousand|million|billion|trillion)\\b)`,
      'g',
    ),
    build: (m) => ({ name: 'price', conditions: [c('price', cmpOp(m[1]!), Number(m[2]))] }),
  },
  {
    id: 'price_word_cmp',
    pattern: new RegExp(`\\b(?:share )?price (?:is )?${CMP} (\\d+(?:\\.\\d+)?)\\b`, 'g'),
    build: (m) => ({ name: 'price', conditions: [c('price', cmpOp(m[1]!), Number(m[2]))] }),
  },
  {
    id: 'cheap',
    pattern: /\bcheap stocks?\b/g,
    build: () => ({ name: 'cheap stocks', conditions: [c('price', 'lt', CHEAP_PRICE)] }),
  },
]

/** Before `held`: "underweight in my portfolio" must not read as "in my portfolio". */
export const PORTFOLIO_RULES: PhraseRule[] = [
  {
    id: 'not_held',
    pattern:
      /\b(?:not (?:in|part of) my (?:portfolio|holdings)|outside my portfolio|(?:that |which )?i (?:don't|do not|dont) (?:own|hold)|not (?:held|owned)(?: by me)?|i haven't bought)\b/g,
    build: () => ({ name: 'not in my portfolio', conditions: [c('held', 'eq', false)] }),
  },
  {
    id: 'uncorrelated',
    pattern:
      /\b(?:uncorrelated|not correlated|low correlation|diversifying)(?: (?:with|to) my (?:portfolio|holdings))?\b/g,
    build: () => ({
      name: 'uncorrelated with my portfolio',
      conditions: [c('correlation_to_portfolio', 'between', [-UNCORRELATED, UNCORRELATED])],
    }),
  },
  {
    id: 'underweight',
    pattern:
      /\b(?:sectors? (?:i'm|i am|im) underweight(?: in)?|underweight sectors?|sectors? i'm light (?:in|on)|underweight in my portfolio)\b/g,
    build: () => ({
      name: "sectors I'm underweight",
      conditions: [c('sector_weight_in_portfolio', 'lt', UNDERWEIGHT_PCT)],
    }),
  },
  {
    id: 'held',
    pattern: /\b(?:in my (?:portfolio|holdings)|(?:that |which )?i (?:own|hold)|my holdings|my positions)\b/g,
    build: () => ({ name: 'in my portfolio', conditions: [c('held', 'eq', true)] }),
  },
]
