/**
 * Headline and summary templates of the simulated news. Each template draws its own numbers from
 * the item's seeded stream, so one (seed, symbol, date, slot) always reads the same.
 */
import type { EarningsModel } from './earnings.ts'
import type { Rand } from './random.ts'
import { round1, round2 } from './random.ts'
import { money, ORDINAL, personName } from './shared.ts'

export interface CompanyContext {
  name: string
  symbol: string
  sector: string
  product: string
  risk: string
  price: number
  r: Rand
}

export type Headline = [headline: string, summary: string]
type CompanyTemplate = (c: CompanyContext) => Headline

const BROKERS = [
  'Northbridge Securities',
  'Halvorsen & Co.',
  'Keystone Capital Markets',
  'Meridian Research',
  'Bayview Partners',
]
const CONFERENCES = [
  'Global Technology Summit',
  'Healthcare Investor Forum',
  'Industrials Conference',
  'Consumer & Retail Forum',
]
const PARTNERS = [
  'a major cloud provider',
  'a European telecom group',
  'a large hospital network',
  'a top-five automaker',
  'a national retailer',
]

/** Ticker news (category 'company'); the index is the template id. */
export const COMPANY_TEMPLATES: readonly CompanyTemplate[] = [
  ({ name, symbol, product, r }) => [
    `${name} expands ${product} in new partnership`,
    `${name} (${symbol}) said it will work with ${r.pick(PARTNERS)} to expand its ${product}; analysts estimate the deal could add ${round1(r.between(0.5, 4))}% to annual revenue.`,
  ],
  ({ name, price, r }) => {
    const broker = r.pick(BROKERS)
    return [
      `${broker} upgrades ${name} to Buy, sets $${round2(price * r.between(1.12, 1.35))} price target`,
      `${broker} raised ${name} to Buy from Hold, citing improving margins and an attractive valuation after the shares' recent move to about $${price}.`,
    ]
  },
  ({ name, price, risk, r }) => {
    const broker = r.pick(BROKERS)
    return [
      `${broker} downgrades ${name} to Hold on ${risk}`,
      `${broker} cut ${name} to Hold and lowered its price target to $${round2(price * r.between(0.9, 1.05))}, pointing to ${risk} over the next few quarters.`,
    ]
  },
  ({ name, r }) => [
    `${name} announces $${round1(r.between(1, 15))} billion share buyback`,
    `The board of ${name} authorized a new repurchase program, equal to about ${round1(r.between(2, 6))}% of its market value, with no fixed end date.`,
  ],
  ({ name, r }) => [
    `${name} raises quarterly dividend by ${r.int(3, 12)}%`,
    `${name} lifted its quarterly dividend for the ${ORDINAL[r.int(1, 4)]} time in as many years, reflecting strong free cash flow.`,
  ],
  ({ name, symbol, r }) => {
    const who = personName(symbol, r.int(0, 1e6), 'news')
    const role = r.pick(['Chief Financial Officer', 'Chief Operating Officer', 'President'])
    return [
      `${name} names ${who} ${role}`,
      `${name} appointed ${who} as ${role}, effective next month; ${who.split(' ')[0]} joins from a larger ${r.pick(['industry peer', 'private equity firm', 'consulting firm'])}.`,
    ]
  },
  ({ name, sector, r }) => {
    const up = r.chance(0.5)
    const move = round1(r.between(1.5, 6))
    return [
      `${name} shares ${up ? 'rise' : 'fall'} ${move}% as ${sector} stocks ${up ? 'rally' : 'slide'}`,
      `${name} ${up ? 'gained' : 'lost'} ${move}% in heavy trading as investors ${up ? 'rotated into' : 'pulled back from'} the ${sector} sector.`,
    ]
  },
  ({ name, risk, r }) => [
    `${name} faces scrutiny over ${risk}`,
    `Investors are weighing ${risk} after ${name} disclosed a possible impact of up to ${round1(r.between(1, 5))}% of annual revenue in a regulatory filing.`,
  ],
  ({ name, product, r }) => [
    `${name} unveils next-generation ${product}`,
    `${name} showed the new version of its ${product} at an event on ${r.pick(['Tuesday', 'Wednesday', 'Thursday'])}, promising ${r.int(20, 60)}% better efficiency for customers.`,
  ],
  ({ name, r }) => {
    const cut = r.int(2, 9)
    return [
      `${name} to cut ${cut}% of workforce in restructuring`,
      `${name} plans to reduce headcount by about ${cut}% and expects annual savings of $${r.int(80, 900)} million from the restructuring.`,
    ]
  },
  ({ name, product, r }) => [
    `${name} wins $${r.int(120, 2400)} million contract`,
    `${name} won a multi-year contract that will run through its ${product}, the company said; the award is among its largest this year.`,
  ],
  ({ name, r }) => [
    `Options traders bet on a bigger move in ${name}`,
    `Call volume in ${name} ran at ${round1(r.between(2, 5))} times its 20-day average, with most activity in contracts expiring within a month.`,
  ],
  ({ name, r }) => {
    const conf = r.pick(CONFERENCES)
    return [
      `${name} to present at ${conf}`,
      `Management of ${name} will present at the ${conf} and hold investor meetings; a webcast will be available on the company website.`,
    ]
  },
  ({ name, r }) => [
    `Short interest in ${name} climbs to ${round1(r.between(2, 12))}% of float`,
    `Bearish bets against ${name} rose for a ${ORDINAL[r.int(2, 4)]} straight reporting period, according to exchange data.`,
  ],
]

/** Ticker news of funds and indices (no sector): flows and trading, no corporate events. */
export const FUND_TEMPLATES: readonly CompanyTemplate[] = [
  ({ name, symbol, r }) => {
    const inflow = r.chance(0.6)
    const m = r.int(150, 4_000)
    return [
      `${name} sees $${m} million of ${inflow ? 'inflows' : 'outflows'}`,
      `Investors ${inflow ? 'added' : 'pulled'} about $${m} million ${inflow ? 'to' : 'from'} ${symbol} on the day, ${inflow ? 'the largest intake' : 'the biggest withdrawal'} in ${r.int(2, 8)} weeks.`,
    ]
  },
  ({ name, r }) => {
    const up = r.chance(0.55)
    const move = round2(r.between(0.3, 2.2))
    return [
      `${name} ${up ? 'gains' : 'drops'} ${move}% as ${up ? 'buyers return' : 'risk appetite fades'}`,
      `${name} ${up ? 'rose' : 'fell'} ${move}% with volume about ${round1(r.between(0.8, 1.8))} times its 20-day average.`,
    ]
  },
  ({ name, r }) => [
    `Options activity in ${name} jumps ahead of key data`,
    `Put volume in ${name} ran at ${round1(r.between(1.5, 4))} times normal as traders hedged against a ${r.pick(['hot inflation print', 'hawkish Fed', 'weak jobs report'])}.`,
  ],
  ({ name, r }) => [
    `${name} assets top $${r.int(20, 600)} billion after rebalancing`,
    `${name} completed its quarterly rebalance; turnover was about ${round1(r.between(1, 6))}% of the portfolio.`,
  ],
]

const fmtEps = (x: number) => `$${x.toFixed(2)}`

export function earningsPreview(name: string, e: EarningsModel): Headline {
  return [
    `${name} Q${e.quarter} earnings preview: analysts expect EPS of ${fmtEps(e.epsEstimate)}`,
    `${name} reports ${e.hour === 'bmo' ? 'before the open' : 'after the close'} on ${e.date}; consensus calls for EPS of ${fmtEps(e.epsEstimate)} on revenue of ${money(e.revenueEstimate)}.`,
  ]
}

export function earningsResult(name: string, e: EarningsModel): Headline {
  const beat = e.epsActual > e.epsEstimate
  return [
    `${name} ${beat ? 'beats' : 'misses'} estimates with Q${e.quarter} EPS of ${fmtEps(e.epsActual)}`,
    `${name} earned ${fmtEps(e.epsActual)} a share versus ${fmtEps(e.epsEstimate)} expected, on revenue of ${money(e.revenueActual)} against an estimate of ${money(e.revenueEstimate)}.`,
  ]
}

export function earningsReaction(name: string, e: EarningsModel, r: Rand): Headline {
  const beat = e.epsActual > e.epsEstimate
  const move = round1(r.between(2, 11))
  return [
    `${name} shares ${beat ? 'jump' : 'slide'} ${move}% after quarterly results`,
    `${name} ${beat ? 'rallied' : 'sold off'} after its Q${e.quarter} report, as investors focused on ${beat ? 'stronger margins and upbeat guidance' : 'the revenue shortfall and a cautious outlook'}.`,
  ]
}
