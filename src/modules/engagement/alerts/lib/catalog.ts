/**
 * The server-owned alert catalogue: every alert type with its parameters, the channels, the
 * frequencies and the per-channel daily caps. GET /api/alerts/capabilities answers it as it is, and
 * PUT /api/alerts/prefs validates against it (params.ts), so the two cannot disagree.
 */

export const CHANNELS = ['in_app', 'email', 'web_push', 'mobile_push'] as const
export type Channel = (typeof CHANNELS)[number]

export const FREQUENCIES = ['once', 'once_per_session', 'every_time'] as const
export type Frequency = (typeof FREQUENCIES)[number]

export const FREQUENCY_DOC: Record<Frequency, string> = {
  once: 'fires the first time the condition holds, then the rule is switched off until you switch it on again',
  once_per_session:
    'fires at most once per New York session date (the date of the evaluation, New York time)',
  every_time:
    'fires each time the condition becomes true: after firing it re-arms only once an evaluation has seen the condition false (event types — signals, flow, filings, earnings, screen changes — fire once per event)',
}

/** Deliveries per channel per New York day per user; null = unlimited. The same on every plan. */
export const DAILY_CAPS: Record<Channel, number | null> = {
  in_app: null,
  email: 20,
  web_push: 50,
  mobile_push: 50,
}

export const MOVE_DIRECTIONS = ['up', 'down', 'either'] as const
export const TARGETS = ['symbol', 'holdings'] as const
export const MEMBERSHIP_CHANGES = ['gain', 'loss', 'both'] as const

export type ParamType = 'decimal' | 'number' | 'integer' | 'symbol' | 'enum' | 'enum_list' | 'string'

export interface ParamSpec {
  name: string
  type: ParamType
  unit: string | null
  min: number | null
  max: number | null
  required: boolean
  /** Required only when another parameter has this value, e.g. symbol when target is "symbol". */
  required_when?: { param: string; equals: string }
  values?: readonly string[]
  default?: string | number | string[]
  description: string
}

export interface AlertTypeSpec {
  type: string
  description: string
  /** What makes it evaluate. */
  triggers: string[]
  /** Level conditions re-arm through the arm counter; events fire once per event. */
  kind: 'level' | 'event'
  params: ParamSpec[]
}

export const PRICE_MAX = 10_000_000
export const PERCENT_MIN = 0.1
export const PERCENT_MAX = 100

const symbol = (
  required = true,
  description = 'Ticker (any case, stored upper case); must be listed',
): ParamSpec => ({
  name: 'symbol',
  type: 'symbol',
  unit: null,
  min: null,
  max: null,
  required,
  description,
})
const threshold: ParamSpec = {
  name: 'threshold',
  type: 'decimal',
  unit: 'usd',
  min: 0.0001,
  max: PRICE_MAX,
  required: true,
  description:
    'Price, a number or decimal string with at most 4 decimals; compared exactly (no float rounding)',
}
const percent = (description: string): ParamSpec => ({
  name: 'percent',
  type: 'number',
  unit: 'percent',
  min: PERCENT_MIN,
  max: PERCENT_MAX,
  required: true,
  description: `${description} (2.5 = 2.5 %), at most 4 decimals`,
})
const direction: ParamSpec = {
  name: 'direction',
  type: 'enum',
  unit: null,
  min: null,
  max: null,
  required: false,
  values: MOVE_DIRECTIONS,
  default: 'either',
  description: 'up: change ≥ +percent; down: change ≤ −percent; either: |change| ≥ percent',
}
const target: ParamSpec = {
  name: 'target',
  type: 'enum',
  unit: null,
  min: null,
  max: null,
  required: false,
  values: TARGETS,
  default: 'symbol',
  description: 'symbol: the one given in `symbol`; holdings: any symbol the tenant holds now',
}
const targetSymbol: ParamSpec = {
  ...symbol(false, 'Ticker; required when target is "symbol", not allowed with "holdings"'),
  required_when: { param: 'target', equals: 'symbol' },
}

/** The lists that come from other modules: the intraday setups and the options-flow directions. */
export interface CatalogSources {
  setups: readonly string[]
  flowDirections: readonly string[]
}

const list = (name: string, values: readonly string[], description: string): ParamSpec => ({
  name,
  type: 'enum_list',
  unit: null,
  min: 1,
  max: values.length,
  required: false,
  values,
  default: [...values],
  description,
})

/** The alert types, in the order the capabilities list them. */
export function alertTypes(sources: CatalogSources): AlertTypeSpec[] {
  return [...quoteTypes(), ...eventTypes(sources), ...portfolioTypes()]
}

function quoteTypes(): AlertTypeSpec[] {
  return [
    {
      type: 'price_above',
      description: 'The price is at or above the threshold (price ≥ threshold)',
      triggers: ['quotes'],
      kind: 'level',
      params: [symbol(), threshold],
    },
    {
      type: 'price_below',
      description: 'The price is at or below the threshold (price ≤ threshold)',
      triggers: ['quotes'],
      kind: 'level',
      params: [symbol(), threshold],
    },
    {
      type: 'percent_move',
      description: 'The day move (change from the previous close, in percent) reaches the percent',
      triggers: ['quotes'],
      kind: 'level',
      params: [symbol(), percent('Day move'), direction],
    },
  ]
}

function eventTypes({ setups, flowDirections }: CatalogSources): AlertTypeSpec[] {
  const unusual = flowDirections.filter((d) => d !== 'NEUTRAL_FLOW')
  return [
    {
      type: 'intraday_signal',
      description: 'A new intraday setup signal on the symbol or on any holding',
      triggers: ['intraday_signals'],
      kind: 'event',
      params: [target, targetSymbol, list('setups', setups, 'Setups to alert on; default all')],
    },
    {
      type: 'options_flow',
      description: 'Unusual options flow (a dominance reading) on the symbol',
      triggers: ['options_flow'],
      kind: 'event',
      params: [
        symbol(),
        { ...list('directions', flowDirections, 'Flow directions to alert on'), default: unusual },
      ],
    },
    {
      type: 'earnings_upcoming',
      description: 'An earnings report dated within the next `days` days (New York dates, today included)',
      triggers: ['earnings'],
      kind: 'event',
      params: [
        target,
        targetSymbol,
        {
          name: 'days',
          type: 'integer',
          unit: 'days',
          min: 0,
          max: 30,
          required: true,
          description: '0 = reports dated today',
        },
      ],
    },
    {
      type: 'insider_purchase',
      description: 'An insider purchase (Form 4, open-market buy) of at least the value',
      triggers: ['filings'],
      kind: 'event',
      params: [
        target,
        targetSymbol,
        {
          name: 'min_value',
          type: 'decimal',
          unit: 'usd',
          min: 0,
          max: 10_000_000_000,
          required: true,
          description: 'Purchase value in dollars (shares × price), at most 2 decimals',
        },
      ],
    },
  ]
}

function portfolioTypes(): AlertTypeSpec[] {
  return [
    {
      type: 'drawdown_breach',
      description: 'The portfolio value (total AUM) is down from its peak by at least the percent',
      triggers: ['quotes'],
      kind: 'level',
      params: [percent('Fall from the peak')],
    },
    {
      type: 'screen_membership',
      description: 'A saved screen gains or loses a symbol when the screener snapshot is rebuilt',
      triggers: ['screen_refresh'],
      kind: 'event',
      params: [
        {
          name: 'saved_screen_id',
          type: 'integer',
          unit: null,
          min: 1,
          max: null,
          required: true,
          description: 'One of the caller’s saved screens (either surface)',
        },
        {
          name: 'on',
          type: 'enum',
          unit: null,
          min: null,
          max: null,
          required: false,
          values: MEMBERSHIP_CHANGES,
          default: 'both',
          description: 'gain: a symbol enters the screen; loss: one leaves; both',
        },
      ],
    },
    {
      type: 'watchlist_move',
      description: 'Any symbol of the watchlist moves at least the percent today',
      triggers: ['quotes'],
      kind: 'level',
      params: [
        {
          name: 'list_name',
          type: 'string',
          unit: null,
          min: 1,
          max: 40,
          required: true,
          description: 'One of the caller’s watchlists, by name',
        },
        percent('Day move of any member'),
        direction,
      ],
    },
  ]
}
