/** GET /marketdata/v1/chains query rules (docs/vendor-formats.md#schwab-market-data): enumerations, dates, numbers and defaults. */
import { bool, whole } from './wire.ts'

const STRATEGIES =
  'SINGLE ANALYTICAL COVERED VERTICAL CALENDAR STRANGLE STRADDLE BUTTERFLY CONDOR DIAGONAL COLLAR ROLL'.split(
    ' ',
  )
const RANGES = ['ITM', 'NTM', 'OTM', 'SAK', 'SBK', 'SNK', 'ALL']
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC', 'ALL']

export interface ChainQuery {
  symbol: string
  contractType: 'CALL' | 'PUT' | 'ALL'
  /** The strikes closest to the underlying price kept per expiration and side. */
  strikeCount: number | undefined
  includeUnderlying: boolean
  strategy: 'SINGLE' | 'ANALYTICAL'
  strike: number | undefined
  range: string
  from: string | undefined
  to: string | undefined
  /** ANALYTICAL inputs (volatility and interest rate in percent). */
  volatility: number | undefined
  underlyingPrice: number | undefined
  interestRate: number | undefined
  expMonth: string
  optionType: 'S' | 'NS' | 'ALL'
}

type Failure = [parameter: string, message: string]

function oneOf(
  v: string | undefined,
  all: readonly string[],
  fallback: string,
  name: string,
): string | Failure {
  const value = v === undefined || v === '' ? fallback : v.toUpperCase()
  return all.includes(value) ? value : [name, `${name} must be one of ${all.join(', ')}`]
}

/** A positive number, undefined when absent, a failure otherwise. */
function positive(q: Record<string, string | undefined>, name: string): number | undefined | Failure {
  const v = q[name]
  if (v === undefined || v === '') return undefined
  const n = Number(v)
  return Number.isFinite(n) && n > 0 ? n : [name, `${name} must be a positive number`]
}

function dateOf(v: string | undefined, name: string): string | undefined | Failure {
  if (v === undefined || v === '') return undefined
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))
    ? v
    : [name, `${name} must be yyyy-MM-dd`]
}

const failed = (v: unknown): v is Failure => Array.isArray(v)

/** The validated query, or [parameter, message] for a 400. */
export function chainQuery(q: Record<string, string | undefined>): ChainQuery | Failure {
  const symbol = q['symbol']?.trim().toUpperCase()
  if (!symbol) return ['symbol', 'symbol is required']
  const contractType = oneOf(q['contractType'], ['CALL', 'PUT', 'ALL'], 'ALL', 'contractType')
  const strategy = oneOf(q['strategy'], STRATEGIES, 'SINGLE', 'strategy')
  const range = oneOf(q['range'], RANGES, 'ALL', 'range')
  const expMonth = oneOf(q['expMonth'], MONTHS, 'ALL', 'expMonth')
  const optionType = oneOf(q['optionType'], ['S', 'NS', 'ALL'], 'ALL', 'optionType')
  const entitlement = oneOf(q['entitlement'], ['PP', 'NP', 'PN'], 'PN', 'entitlement')
  const from = dateOf(q['fromDate'], 'fromDate')
  const to = dateOf(q['toDate'], 'toDate')
  const numbers = ['strike', 'volatility', 'underlyingPrice', 'interestRate', 'interval'].map((n) =>
    positive(q, n),
  )
  for (const v of [contractType, strategy, range, expMonth, optionType, entitlement, from, to, ...numbers])
    if (failed(v)) return v
  if (strategy !== 'SINGLE' && strategy !== 'ANALYTICAL')
    return ['strategy', `strategy ${String(strategy)} is not supported by the sandbox (SINGLE or ANALYTICAL)`]
  const strikeCount = whole(q['strikeCount'], 0, 1, 1000)
  if (strikeCount === undefined) return ['strikeCount', 'strikeCount must be a positive whole number']
  const includeUnderlying = bool(q['includeUnderlyingQuote'], true)
  if (includeUnderlying === undefined)
    return ['includeUnderlyingQuote', 'includeUnderlyingQuote must be true or false']
  const [strike, volatility, underlyingPrice, interestRate] = numbers as Array<number | undefined>
  const analytical = strategy === 'ANALYTICAL'
  return {
    symbol,
    contractType: contractType as ChainQuery['contractType'],
    strikeCount: strikeCount || undefined,
    includeUnderlying,
    strategy,
    strike,
    range: range as string,
    from: from as string | undefined,
    to: to as string | undefined,
    volatility: analytical ? volatility : undefined,
    underlyingPrice: analytical ? underlyingPrice : undefined,
    interestRate: analytical ? interestRate : undefined,
    expMonth: expMonth as string,
    optionType: optionType as ChainQuery['optionType'],
  }
}
