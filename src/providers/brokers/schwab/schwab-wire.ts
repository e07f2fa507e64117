/**
 * Charles Schwab Trader API wire shapes (docs/vendor-formats.md#schwab-trader) → the broker port's types: the checks every
 * read field goes through (a payload that does not match throws UpstreamProtocolError), timestamps
 * (`2025-04-23T19:59:12+0000`), account numbers and hashes, accounts, positions and balances.
 */
import type { BrokerAccountInfo, BrokerBalances, BrokerPosition } from '../broker.port.ts'
import { decAbs, decDiv, decMul, decSign, decSub } from '../../../kernel/decimal/decimal-string.ts'
import { type WireJson, wireChecks } from '../wire.ts'

export const PROVIDER = 'schwab'

/** A parsed JSON object as the vendor sent it. */
export type SchwabJson = WireJson

export interface SchwabAccountNumber {
  accountNumber: string
  /** What every account-scoped path takes (never the plain number). */
  hashValue: string
}

/** One element of GET /trader/v1/accounts (or the object of /accounts/{hash}). */
export interface SchwabAccountDetails {
  securitiesAccount: SchwabJson
  /** Present in live answers although the published spec omits it. */
  aggregatedBalance?: SchwabJson
}

export const { malformed, object, array, str, optStr, dec, optDec } = wireChecks(PROVIDER)

/** An id Schwab sends as a JSON number (int64) or a string. */
export function idOf(o: SchwabJson, key: string, what: string): string {
  const v = o[key]
  if (typeof v === 'number' && Number.isInteger(v)) return String(v)
  if (typeof v === 'string' && /^\w+$/.test(v)) return v
  throw malformed(`${what}.${key} is not an id`)
}

/** An ISO instant of the port's queries (`after`, `until`), in epoch ms. */
export function instant(v: string, name: string): number {
  const ms = Date.parse(v)
  if (Number.isNaN(ms)) throw new RangeError(`${name} is not an ISO 8601 instant`)
  return ms
}

const WIRE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:?\d{2})$/

/** Epoch ms of a Schwab timestamp (`+0000`, `+00:00` or `Z`). */
export function wireMillis(v: unknown, what: string): number {
  const m = typeof v === 'string' ? WIRE_TIME.exec(v) : null
  const zone = m?.[2] === 'Z' ? 'Z' : `${m?.[2]?.slice(0, 3)}:${m?.[2]?.slice(-2)}`
  const ms = m ? Date.parse(`${m[1]}${zone}`) : NaN
  if (Number.isNaN(ms)) throw malformed(`${what} is not a timestamp`)
  return ms
}

/** A Schwab timestamp as ISO 8601 in UTC. */
export const isoOf = (v: unknown, what: string): string => new Date(wireMillis(v, what)).toISOString()

/** What the vendor's time parameters take: `yyyy-MM-dd'T'HH:mm:ss.SSSZ` in UTC. */
export const wireQueryTime = (ms: number): string => new Date(ms).toISOString()

export function toAccountNumbers(body: unknown): SchwabAccountNumber[] {
  return array(body, 'accountNumbers').map((v, i) => {
    const o = object(v, `accountNumbers[${i}]`)
    return {
      accountNumber: str(o, 'accountNumber', `accountNumbers[${i}]`),
      hashValue: str(o, 'hashValue', `accountNumbers[${i}]`),
    }
  })
}

export function toAccountDetails(v: unknown, what: string): SchwabAccountDetails {
  const o = object(v, what)
  const out: SchwabAccountDetails = {
    securitiesAccount: object(o['securitiesAccount'], `${what}.securitiesAccount`),
  }
  if (o['aggregatedBalance'] != null)
    out.aggregatedBalance = object(o['aggregatedBalance'], `${what}.aggregatedBalance`)
  return out
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** An account number joined with its details (absent when GET /accounts did not list it). */
export function toAccountInfo(n: SchwabAccountNumber, details?: SchwabAccountDetails): BrokerAccountInfo {
  const type = details ? str(details.securitiesAccount, 'type', 'securitiesAccount').toLowerCase() : null
  const last4 = n.accountNumber.slice(-4)
  return {
    externalId: n.hashValue,
    number: n.accountNumber,
    name: type ? `Schwab ${capitalized(type)} …${last4}` : `Schwab …${last4}`,
    currency: 'USD',
    accountType: type,
  }
}

/** EQUITY and COLLECTIVE_INVESTMENT (ETFs) are listed US securities, as the port's other vendors name them. */
function assetClassOf(assetType: string | null): string {
  if (assetType === null || assetType === 'EQUITY' || assetType === 'COLLECTIVE_INVESTMENT')
    return 'us_equity'
  if (assetType === 'OPTION') return 'us_option'
  return assetType.toLowerCase()
}

export function toPosition(v: unknown, i: number): BrokerPosition {
  const what = `positions[${i}]`
  const o = object(v, what)
  const instrument = object(o['instrument'], `${what}.instrument`)
  const quantity = decSub(optDec(o, 'longQuantity') ?? '0', optDec(o, 'shortQuantity') ?? '0')
  const short = decSign(quantity) < 0
  const averagePrice =
    optDec(o, 'averagePrice') ??
    optDec(o, short ? 'averageShortPrice' : 'averageLongPrice') ??
    dec(o, 'averagePrice', what)
  const marketValue = optDec(o, 'marketValue')
  return {
    symbol: str(instrument, 'symbol', `${what}.instrument`).toUpperCase(),
    quantity,
    averagePrice,
    costBasis: decMul(decAbs(quantity), decAbs(averagePrice)),
    price: marketValue === null ? null : decDiv(marketValue, quantity),
    marketValue,
    unrealizedPl: optDec(o, short ? 'shortOpenProfitLoss' : 'longOpenProfitLoss'),
    assetClass: assetClassOf(optStr(instrument, 'assetType')),
  }
}

/**
 * Balances from `currentBalances`: buying power is `buyingPower` on a MARGIN account and
 * `cashAvailableForTrading` on a CASH one (which has no buyingPower); cash on margin adds the
 * (negative) margin balance to the cash balance; equity is the liquidation value.
 */
export function toBalances(d: SchwabAccountDetails): BrokerBalances {
  const what = 'securitiesAccount.currentBalances'
  const s = d.securitiesAccount
  const margin = str(s, 'type', 'securitiesAccount') === 'MARGIN'
  const b = object(s['currentBalances'], what)
  const cashBalance = dec(b, 'cashBalance', what)
  const marginBalance = margin ? optDec(b, 'marginBalance') : null
  const equity =
    optDec(b, 'liquidationValue') ??
    optDec(d.aggregatedBalance ?? {}, 'liquidationValue') ??
    dec(b, 'liquidationValue', what)
  return {
    currency: 'USD',
    cash: marginBalance === null ? cashBalance : decSub(cashBalance, decAbs(marginBalance)),
    equity,
    buyingPower: dec(b, margin ? 'buyingPower' : 'cashAvailableForTrading', what),
    longMarketValue: dec(b, 'longMarketValue', what),
    shortMarketValue: optDec(b, 'shortMarketValue') ?? '0',
  }
}
