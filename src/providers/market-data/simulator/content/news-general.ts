/**
 * Templates of the simulated general market news (general, forex, crypto, merger). Quoted market
 * levels move slowly with the date, so successive days read consistently.
 */
import type { Headline } from './news-templates.ts'
import type { Rand } from './random.ts'
import { dayNumber, rand, round1, round2 } from './random.ts'

export type GeneralCategory = 'general' | 'forex' | 'crypto' | 'merger'

/** A slow-moving market level on `date`, so successive days quote consistent numbers. */
export function marketLevel(seed: string, what: string, date: string, lo: number, hi: number): number {
  const r = rand(seed, what, 'level')
  const d = dayNumber(date)
  const wave =
    0.5 + 0.33 * Math.sin(d / 120 + r.between(0, 6.3)) + 0.15 * Math.sin(d / 23 + r.between(0, 6.3))
  return lo + (hi - lo) * wave
}

const ADJ = [
  'Northwind',
  'Crescent',
  'Bluewater',
  'Ironbridge',
  'Silverline',
  'Redwood',
  'Harborview',
  'Pinnacle',
]
const NOUN = ['Holdings', 'Labs', 'Logistics', 'Therapeutics', 'Energy', 'Software', 'Foods', 'Materials']
const FIRMS = ADJ.flatMap((adj) => NOUN.map((noun) => `${adj} ${noun}`))
const firm = (r: Rand) => r.pick(FIRMS)
/** Two different firms: a deal or a review always has two parties. */
const twoFirms = (r: Rand): [string, string] => {
  const [a, b] = r.sample(FIRMS, 2)
  return [a!, b!]
}

type GeneralTemplate = (r: Rand, level: (what: string, lo: number, hi: number) => number) => Headline

export const GENERAL_TEMPLATES: Record<GeneralCategory, readonly GeneralTemplate[]> = {
  general: [
    (r, lv) => {
      const y = round2(lv('us10y', 3.4, 4.9))
      return [
        `Treasury yields ${r.chance(0.5) ? 'climb' : 'ease'} with the 10-year near ${y}%`,
        `The 10-year Treasury yield traded around ${y}% as investors weighed the rate outlook ahead of key data.`,
      ]
    },
    (r) => {
      const cpi = round1(r.between(0.1, 0.5))
      return [
        `Consumer prices rise ${cpi}% on the month`,
        `The consumer price index rose ${cpi}% from the prior month; core inflation came in at ${round1(r.between(2.4, 3.8))}% year over year.`,
      ]
    },
    (r) => [
      `Fed officials signal patience on rate cuts`,
      `Two Federal Reserve officials said policy is well positioned, with markets pricing about ${r.int(20, 80)}% odds of a cut at the next meeting.`,
    ],
    (r) => {
      const up = r.chance(0.55)
      const m = round2(r.between(0.2, 1.6))
      return [
        `Stocks ${up ? 'close higher' : 'slip'} as the S&P 500 ${up ? 'gains' : 'loses'} ${m}%`,
        `U.S. stocks ${up ? 'advanced' : 'retreated'}, with ${r.int(6, 9)} of 11 sectors moving ${up ? 'up' : 'down'} and volume near its monthly average.`,
      ]
    },
    (r, lv) => {
      const oil = round2(lv('wti', 62, 92))
      return [
        `Oil trades near $${oil} a barrel on supply worries`,
        `West Texas Intermediate crude held around $${oil} as traders watched inventories, which ${r.chance(0.5) ? 'rose' : 'fell'} ${round1(r.between(0.5, 4))} million barrels.`,
      ]
    },
    (r) => {
      const jobs = r.int(90, 310)
      return [
        `Employers add ${jobs},000 jobs; unemployment at ${round1(r.between(3.6, 4.4))}%`,
        `Nonfarm payrolls rose by ${jobs},000 and average hourly earnings climbed ${round1(r.between(0.1, 0.4))}% on the month.`,
      ]
    },
  ],
  forex: [
    (r, lv) => {
      const x = round2(lv('usdjpy', 138, 160))
      return [
        `Dollar ${r.chance(0.5) ? 'firms' : 'softens'} against yen near ${x}`,
        `The dollar traded around ${x} yen as traders assessed the gap between U.S. and Japanese interest rates.`,
      ]
    },
    (r, lv) => {
      const x = lv('eurusd', 1.03, 1.15).toFixed(4)
      return [
        `Euro holds near $${x} ahead of ECB decision`,
        `The euro was little changed at $${x}; money markets price about ${r.int(10, 70)}% odds of an ECB rate move this month.`,
      ]
    },
    (r, lv) => {
      const x = lv('gbpusd', 1.2, 1.36).toFixed(4)
      return [
        `Sterling ${r.chance(0.5) ? 'rises' : 'dips'} to $${x} after UK data`,
        `The pound moved to $${x} after UK figures showed wage growth of ${round1(r.between(3, 6))}%.`,
      ]
    },
    (r) => [
      `Emerging-market currencies ${r.chance(0.5) ? 'gain' : 'weaken'} as dollar index moves`,
      `An index of developing-nation currencies moved ${round2(r.between(0.1, 0.8))}%, led by the Mexican peso and the South African rand.`,
    ],
  ],
  crypto: [
    (r, lv) => {
      const b = Math.round(lv('btc', 42_000, 108_000))
      return [
        `Bitcoin ${r.chance(0.5) ? 'climbs' : 'drops'} to $${b.toLocaleString('en-US')}`,
        `Bitcoin traded near $${b.toLocaleString('en-US')}, moving ${round1(r.between(0.5, 6))}% in 24 hours as liquidations picked up.`,
      ]
    },
    (r, lv) => {
      const e = Math.round(lv('eth', 1_800, 4_200))
      return [
        `Ether trades around $${e.toLocaleString('en-US')} as network activity rises`,
        `Ether held near $${e.toLocaleString('en-US')}; on-chain transactions rose ${r.int(3, 25)}% over the week.`,
      ]
    },
    (r) => {
      const flow = r.int(50, 900)
      const inflow = r.chance(0.6)
      return [
        `Spot bitcoin ETFs see $${flow} million of net ${inflow ? 'inflows' : 'outflows'}`,
        `U.S. spot bitcoin funds recorded net ${inflow ? 'inflows' : 'outflows'} of $${flow} million on the day, the ${inflow ? 'largest' : 'biggest withdrawal'} in ${r.int(2, 6)} weeks.`,
      ]
    },
    (r) => [
      `Regulators propose new rules for crypto exchanges`,
      `The proposal would require exchanges to segregate customer assets and publish reserves; comments are due within ${r.int(30, 90)} days.`,
    ],
  ],
  merger: [
    (r) => {
      const [a, b] = twoFirms(r)
      const bn = round1(r.between(0.8, 28))
      return [
        `${a} agrees to buy ${b} for $${bn} billion`,
        `${a} will pay about ${r.int(18, 55)}% above ${b}'s last close in a cash-and-stock deal expected to close within ${r.int(6, 15)} months.`,
      ]
    },
    (r) => {
      const t = firm(r)
      return [
        `Private equity group nears $${round1(r.between(1, 12))} billion takeover of ${t}`,
        `A buyout firm is in advanced talks to take ${t} private, people familiar with the matter said; a deal could be announced within weeks.`,
      ]
    },
    (r) => {
      const [a, b] = twoFirms(r)
      return [
        `Antitrust regulators open in-depth review of ${a}–${b} deal`,
        `The review extends the timeline of the ${round1(r.between(2, 20))} billion-dollar merger by up to ${r.int(3, 6)} months.`,
      ]
    },
    (r) => {
      const [a, b] = twoFirms(r)
      return [
        `${a} and ${b} in merger talks`,
        `The companies are discussing an all-stock combination that would create a group with about $${round1(r.between(3, 40))} billion in annual revenue.`,
      ]
    },
  ],
}
