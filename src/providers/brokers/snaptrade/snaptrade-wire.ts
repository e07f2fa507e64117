/**
 * SnapTrade's wire shapes → the broker port's types (docs/vendor-formats.md#snaptrade). Every field read is checked; a
 * payload that does not match throws UpstreamProtocolError naming the field, never a value (the
 * registerUser answer carries a secret).
 */
import {
  type AggregatorAuthorization,
  type AggregatorUser,
  type BrokerAccountInfo,
  type BrokerActivity,
  type CashBalance,
  type BrokerPosition,
} from '../broker.port.ts'
import { decAbs, decMul, decSub } from '../../../kernel/decimal/decimal-string.ts'
import { type WireJson, wireChecks } from '../wire.ts'

export const PROVIDER = 'snaptrade'

type Obj = WireJson

const checks = wireChecks(PROVIDER)
export const { malformed, object, array } = checks
const { str, optStr, dec, optDec } = checks

export function toUser(body: unknown): AggregatorUser {
  const o = object(body, 'registerUser response')
  return {
    userId: str(o, 'userId', 'registerUser response'),
    userSecret: str(o, 'userSecret', 'registerUser response'),
  }
}

export function toPortalUrl(body: unknown): string {
  const o = object(body, 'login response')
  const url = str(o, 'redirectURI', 'login response')
  if (!/^https?:\/\//.test(url)) throw malformed('login response.redirectURI is not a URL')
  return url
}

export function toAuthorization(v: unknown, i: number): AggregatorAuthorization {
  const what = `authorizations[${i}]`
  const o = object(v, what)
  const brokerage = object(o['brokerage'], `${what}.brokerage`)
  return {
    id: str(o, 'id', what),
    slug: str(brokerage, 'slug', `${what}.brokerage`),
    name: optStr(o, 'name') ?? optStr(brokerage, 'display_name') ?? str(brokerage, 'slug', what),
    disabled: o['disabled'] === true,
    createdAt: optStr(o, 'created_date'),
  }
}

export function toAccountInfo(v: unknown, i: number): BrokerAccountInfo {
  const what = `accounts[${i}]`
  const o = object(v, what)
  const balance = o['balance'] == null ? null : object(o['balance'], `${what}.balance`)
  const total = balance?.['total'] == null ? null : object(balance['total'], `${what}.balance.total`)
  return {
    externalId: str(o, 'id', what),
    number: str(o, 'number', what),
    name: str(o, 'name', what),
    currency: (total && optStr(total, 'currency')) ?? 'USD',
    accountType: optStr(o, 'raw_type'),
    connectionId: str(o, 'brokerage_authorization', what),
  }
}

/** `cost_basis` of positions/all is read as the average cost per unit (as `average_purchase_price` was). */
export function toPosition(v: unknown, i: number): BrokerPosition {
  const what = `positions.results[${i}]`
  const o = object(v, what)
  const instrument = object(o['instrument'], `${what}.instrument`)
  const quantity = dec(o, 'units', what)
  const average = optDec(o, 'cost_basis') ?? '0'
  const price = optDec(o, 'price')
  const market = price === null ? null : decMul(quantity, price)
  const signedCost = decMul(quantity, average)
  return {
    symbol: str(instrument, 'symbol', `${what}.instrument`),
    quantity,
    averagePrice: average,
    costBasis: decAbs(signedCost),
    price,
    marketValue: market,
    unrealizedPl: market === null ? null : decSub(market, signedCost),
    assetClass: optStr(instrument, 'kind') ?? 'other',
  }
}

export interface PositionsPage {
  positions: BrokerPosition[]
  asOf: string | null
}

export function toPositions(body: unknown): PositionsPage {
  const o = object(body, 'positions')
  const fresh = o['data_freshness'] == null ? null : object(o['data_freshness'], 'positions.data_freshness')
  return {
    positions: array(o['results'], 'positions.results').map(toPosition),
    asOf: fresh ? optStr(fresh, 'as_of') : null,
  }
}

/** The balances entry in the account's currency (or the first): cash and buying power. */
export function toCash(
  body: unknown,
  currency: string,
): { currency: string; cash: string; buyingPower: string } {
  const rows = array(body, 'balances').map((v, i) => object(v, `balances[${i}]`))
  const code = (r: Obj) => optStr(object(r['currency'] ?? {}, 'balances.currency'), 'code')
  const row = rows.find((r) => code(r) === currency) ?? rows[0]
  if (!row) return { currency, cash: '0', buyingPower: '0' }
  const cash = optDec(row, 'cash') ?? '0'
  return { currency: code(row) ?? currency, cash, buyingPower: optDec(row, 'buying_power') ?? cash }
}

/** Every balance row with a currency code and a cash figure: the account's cash per currency. */
export function toCashRows(body: unknown): CashBalance[] {
  const rows = array(body, 'balances').map((v, i) => object(v, `balances[${i}]`))
  return rows.flatMap((r, i) => {
    const code = optStr(object(r['currency'] ?? {}, `balances[${i}].currency`), 'code')
    const cash = optDec(r, 'cash')
    return code && /^[A-Z]{3}$/.test(code) && cash !== null ? [{ currency: code, amount: cash }] : []
  })
}

function isoTime(v: string, what: string): string {
  const t = new Date(v)
  if (Number.isNaN(t.getTime())) throw malformed(`${what} is not a date`)
  return t.toISOString()
}

const FILL_SIDE: Record<string, 'buy' | 'sell'> = { BUY: 'buy', SELL: 'sell' }

/** BUY and SELL are fills (type FILL, a side); everything else is a cash or corporate activity. */
export function toActivity(v: unknown, i: number): BrokerActivity {
  const what = `activities.data[${i}]`
  const o = object(v, what)
  const type = str(o, 'type', what)
  const side = FILL_SIDE[type] ?? null
  const symbol = o['symbol'] == null ? null : object(o['symbol'], `${what}.symbol`)
  const units = optDec(o, 'units')
  return {
    id: str(o, 'id', what),
    type: side ? 'FILL' : type,
    time: isoTime(str(o, 'trade_date', what), `${what}.trade_date`),
    symbol: symbol ? str(symbol, 'symbol', `${what}.symbol`) : null,
    side,
    qty: units === null ? null : side ? decAbs(units) : units,
    price: optDec(o, 'price'),
    netAmount: optDec(o, 'amount'),
    description: optStr(o, 'description'),
    orderId: optStr(o, 'external_reference_id'),
    fee: optDec(o, 'fee'),
    currency: o['currency'] == null ? null : optStr(object(o['currency'], `${what}.currency`), 'code'),
  }
}

export function toActivityPage(body: unknown): { items: unknown[]; total: number | null } {
  const o = object(body, 'activities')
  const pagination = o['pagination'] == null ? null : object(o['pagination'], 'activities.pagination')
  const total = pagination?.['total']
  return { items: array(o['data'], 'activities.data'), total: typeof total === 'number' ? total : null }
}
