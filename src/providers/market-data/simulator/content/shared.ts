/**
 * What the simulated news, earnings, transcripts and insider filings share about a company: its
 * sector flavour, its executives and a price level, so the four feeds tell one consistent story.
 */
import { dayNumber, rand, round2 } from './random.ts'

export interface Company {
  symbol: string
  name: string
  sector: string | null
  /** e.g. stock, etf, index (an Instrument's type); absent means a stock when it has a sector. */
  type?: string
}

/** Only operating companies report earnings, hold calls and file Form 4s; funds and indices do not. */
export function isOperating(company: Company): boolean {
  return (company.type ?? 'stock') === 'stock' && company.sector !== null
}

export interface SectorStyle {
  label: string
  grossMargin: [number, number]
  products: readonly string[]
  risks: readonly string[]
}

const GENERIC_RISKS = ['foreign exchange headwinds', 'macroeconomic uncertainty', 'higher interest rates']

// Keyed by a fragment of the sector name, so GICS-style and vendor-style labels both match.
const STYLES: readonly [string, Omit<SectorStyle, 'label'>][] = [
  [
    'tech',
    {
      grossMargin: [0.55, 0.78],
      products: [
        'cloud platform',
        'data-center products',
        'subscription software',
        'AI infrastructure offerings',
      ],
      risks: [
        'export restrictions on advanced chips',
        'slower enterprise IT spending',
        'supply constraints in advanced components',
      ],
    },
  ],
  [
    'health',
    {
      grossMargin: [0.55, 0.8],
      products: ['oncology portfolio', 'medical-device business', 'diagnostics unit', 'late-stage pipeline'],
      risks: ['drug pricing reform', 'clinical trial outcomes', 'reimbursement pressure'],
    },
  ],
  [
    'financ',
    {
      grossMargin: [0.45, 0.65],
      products: [
        'wealth management business',
        'card lending',
        'investment banking franchise',
        'payments network',
      ],
      risks: ['credit losses', 'deposit competition', 'capital market volatility'],
    },
  ],
  [
    'energy',
    {
      grossMargin: [0.2, 0.4],
      products: ['upstream production', 'refining segment', 'LNG projects', 'pipeline network'],
      risks: ['commodity price volatility', 'weaker refining spreads', 'permitting delays'],
    },
  ],
  [
    'consumer',
    {
      grossMargin: [0.3, 0.5],
      products: ['direct-to-consumer channel', 'store network', 'e-commerce business', 'loyalty program'],
      risks: ['softer consumer spending', 'tariffs on imported goods', 'promotional intensity'],
    },
  ],
  [
    'industr',
    {
      grossMargin: [0.25, 0.4],
      products: ['aerospace backlog', 'automation business', 'aftermarket services', 'rail segment'],
      risks: ['supply-chain disruptions', 'rising labor costs', 'a slowdown in new orders'],
    },
  ],
  [
    'commun',
    {
      grossMargin: [0.45, 0.65],
      products: ['advertising business', 'subscriber base', 'streaming service', 'fiber network'],
      risks: ['weaker advertising demand', 'regulatory scrutiny', 'rising content costs'],
    },
  ],
  [
    'utilit',
    {
      grossMargin: [0.3, 0.45],
      products: ['regulated rate base', 'renewables build-out', 'transmission projects'],
      risks: ['regulatory rate decisions', 'unfavorable weather', 'financing costs'],
    },
  ],
  [
    'real estate',
    {
      grossMargin: [0.55, 0.7],
      products: ['data-center properties', 'logistics portfolio', 'residential communities'],
      risks: ['office vacancies', 'tenant credit quality', 'refinancing costs'],
    },
  ],
  [
    'material',
    {
      grossMargin: [0.2, 0.35],
      products: ['specialty chemicals unit', 'packaging business', 'mining operations'],
      risks: ['raw material costs', 'weaker demand in China', 'energy costs'],
    },
  ],
]

const DEFAULT_STYLE: Omit<SectorStyle, 'label'> = {
  grossMargin: [0.35, 0.6],
  products: ['core business', 'international operations', 'services segment'],
  risks: ['competitive pricing pressure', 'supply-chain disruptions', 'softer customer demand'],
}

export function sectorStyle(sector: string | null): SectorStyle {
  const key = (sector ?? '').toLowerCase()
  const found = STYLES.find(([fragment]) => key.includes(fragment))?.[1] ?? DEFAULT_STYLE
  return { label: sector ?? 'market', ...found, risks: [...found.risks, ...GENERIC_RISKS] }
}

const FIRST = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'David',
  'Susan',
  'Michael',
  'Karen',
  'Daniel',
  'Priya',
  'Wei',
  'Elena',
  'Thomas',
  'Aisha',
  'Carlos',
  'Hannah',
  'Kenji',
  'Olivia',
  'Samuel',
  'Grace',
]
const LAST = [
  'Anderson',
  'Chen',
  'Patel',
  'Garcia',
  'Mueller',
  'Okafor',
  'Johnson',
  'Nakamura',
  'Rossi',
  'Kowalski',
  'Bennett',
  'Silva',
  'Hughes',
  'Lindqvist',
  'Moreau',
  'Reyes',
  'Fischer',
  'Brooks',
  'Sato',
  'Walsh',
]

export function personName(...key: (string | number)[]): string {
  const r = rand(...key, 'person')
  return `${r.pick(FIRST)} ${r.pick(LAST)}`
}

export interface Insider {
  name: string
  title: string
  /** Directors buy in the open market more often than officers do. */
  director: boolean
  /** Typical holding, shares. */
  holding: number
}

const OFFICERS = [
  'Chief Executive Officer',
  'Chief Financial Officer',
  'Chief Operating Officer',
  'General Counsel',
  'Chief Technology Officer',
]

/** A company's officers and directors; the CEO and CFO also speak on the earnings calls. */
export function insiders(seed: string, symbol: string): Insider[] {
  const r = rand(seed, symbol, 'roster')
  const officers = OFFICERS.map((title, i) => ({
    name: personName(seed, symbol, 'officer', i),
    title,
    director: false,
    holding: Math.round(r.logBetween(i === 0 ? 300_000 : 40_000, i === 0 ? 4_000_000 : 600_000) / 100) * 100,
  }))
  const directors = [0, 1, 2, 3].map((i) => ({
    name: personName(seed, symbol, 'director', i),
    title: 'Director',
    director: true,
    holding: Math.round(r.logBetween(5_000, 150_000) / 100) * 100,
  }))
  return [...officers, ...directors]
}

/**
 * A plausible share price on `date`: a seeded level with trend and slow cycles. Only used when the
 * caller does not supply the market's own prices.
 */
export function seededPrice(seed: string, symbol: string, date: string): number {
  const r = rand(seed, symbol, 'price')
  const level = r.logBetween(12, 600)
  const growth = r.between(-0.05, 0.2)
  const [p1, p2] = [r.between(0, 2 * Math.PI), r.between(0, 2 * Math.PI)]
  const d = dayNumber(date) - dayNumber('2024-01-01')
  const cycle = 0.12 * Math.sin((2 * Math.PI * d) / 210 + p1) + 0.05 * Math.sin((2 * Math.PI * d) / 47 + p2)
  const noise = 0.01 * rand(seed, symbol, date, 'px').normal()
  return round2(level * (1 + growth) ** (d / 365) * Math.exp(cycle + noise))
}

export function money(usd: number): string {
  return usd >= 1e9 ? `$${(usd / 1e9).toFixed(2)} billion` : `$${(usd / 1e6).toFixed(1)} million`
}

export function pct(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`
}

export const ORDINAL = ['', 'first', 'second', 'third', 'fourth'] as const
