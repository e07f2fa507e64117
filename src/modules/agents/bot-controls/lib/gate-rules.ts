/**
 * The gate's checks as pure functions: each takes the figures it needs and answers
 * `{ check, passed, detail }`. Money is compared in exact cents and weights as exact decimals; a
 * null limit means no limit. Every limit is inclusive: an order exactly at the limit passes, one cent
 * (or one order) over fails. The gate (gate/) and the threshold preview replay (lib/limit-replay.ts)
 * both judge orders with these, so a preview cannot disagree with the gate.
 */
import {
  centsToString,
  decMul,
  decSub,
  decAdd,
  decDiv,
  decSign,
  toCents,
} from '../../../../kernel/decimal/index.ts'

export interface CheckResult {
  check: string
  passed: boolean
  detail: string
}

export const LIMIT_CHECKS = [
  'limit.max_orders_per_minute',
  'limit.max_orders_per_day',
  'limit.max_order_notional',
  'limit.max_notional_per_day',
  'limit.max_open_positions',
  'limit.max_position_weight',
] as const
export type LimitCheck = (typeof LIMIT_CHECKS)[number]

const result = (check: string, passed: boolean, detail: string): CheckResult => ({ check, passed, detail })
const money = (x: string) => centsToString(toCents(x))

/** qty × price rounded half up to the cent (prices and quantities are positive). */
export function pricedNotional(qty: string, price: string): string {
  return money(decMul(qty, price))
}

/**
 * An order's quantity: as given, or a notional order's at `price` (the price it was priced or filled
 * at) to 9 decimals; null when it has neither a quantity nor a price.
 */
export function orderQty(qty: string | null, notional: string | null, price: string | null): string | null {
  if (qty !== null) return qty
  return notional !== null && price !== null ? decDiv(notional, price, 9) : null
}

/** A decimal in its shortest form (`2.500000000` → `2.5`); money keeps two places elsewhere. */
export function plain(x: string): string {
  return decAdd(x, '0')
}

/**
 * Orders passed in the last 60 seconds, plus this one, against the per-minute limit. The count may
 * be only bounded (`atMost`): by the orders passed today, when the whole window lies in today.
 */
export function ordersPerMinute(
  max: number | null,
  passedLastMinute: number | { atMost: number },
): CheckResult {
  if (max === null) return result('limit.max_orders_per_minute', true, 'no limit')
  if (typeof passedLastMinute === 'number') {
    const after = passedLastMinute + 1
    return result(
      'limit.max_orders_per_minute',
      after <= max,
      `${after} orders in the last 60 s with this one; the limit is ${max}`,
    )
  }
  const today = passedLastMinute.atMost
  return result(
    'limit.max_orders_per_minute',
    today + 1 <= max,
    `at most ${today + 1} orders in the last 60 s with this one (${today} passed today); the limit is ${max}`,
  )
}

/** Orders passed today (New York trading day), plus this one, against the daily count. */
export function ordersPerDay(max: number | null, passedToday: number): CheckResult {
  const after = passedToday + 1
  if (max === null) return result('limit.max_orders_per_day', true, 'no limit')
  return result(
    'limit.max_orders_per_day',
    after <= max,
    `${after} orders today with this one; the limit is ${max}`,
  )
}

/** This order's priced notional against the per-order limit. */
export function orderNotional(max: string | null, priced: string): CheckResult {
  if (max === null) return result('limit.max_order_notional', true, 'no limit')
  return result(
    'limit.max_order_notional',
    toCents(priced) <= toCents(max),
    `order notional ${money(priced)}; the limit is ${money(max)}`,
  )
}

/** The notional passed today plus this order's against the daily notional limit. */
export function notionalPerDay(max: string | null, usedToday: string, priced: string): CheckResult {
  const after = toCents(usedToday) + toCents(priced)
  if (max === null) return result('limit.max_notional_per_day', true, 'no limit')
  return result(
    'limit.max_notional_per_day',
    after <= toCents(max),
    `${centsToString(after)} today with this order; the limit is ${money(max)}`,
  )
}

/** An order opens a new position when the agent holds none in its account and symbol, whichever its side. */
export const opensPosition = (position: string): boolean => decSign(position) === 0

/**
 * The agent's open positions after an order of `qty` fills: one more when it opens a position, one
 * fewer when it closes one exactly, as many when it keeps, shrinks or flips one (or its quantity is
 * not known).
 */
export function openPositionsAfter(
  open: number,
  position: string,
  side: 'buy' | 'sell',
  qty: string | null,
): number {
  if (opensPosition(position)) return open + 1
  if (qty === null) return open
  const after = side === 'buy' ? decAdd(position, qty) : decSub(position, qty)
  return decSign(after) === 0 ? open - 1 : open
}

/**
 * Only an order that opens a new position is checked: the agent's open positions, plus this one,
 * against the limit. One that keeps, shrinks, closes or flips a position the agent holds passes,
 * even when the agent is already over the limit (a lowered limit must not trap it in its positions).
 */
export function openPositions(max: number | null, open: number, opensNew: boolean): CheckResult {
  if (max === null) return result('limit.max_open_positions', true, 'no limit')
  if (!opensNew)
    return result(
      'limit.max_open_positions',
      true,
      `changes a position the agent holds, opening none (${open} open); the limit is ${max}`,
    )
  return result(
    'limit.max_open_positions',
    open + 1 <= max,
    `${open + 1} open positions after this order; the limit is ${max}`,
  )
}

/**
 * Buys only: (the account's market value in the symbol + what the agent already has on the way into
 * it — `committed`: its open and held buys there and, in paper mode, its paper position — + this
 * order) / the account's value (holdings + cash) against the weight limit, compared exactly
 * (part ≤ max × whole). An account worth nothing fails any weight limit.
 */
export function positionWeight(
  max: string | null,
  side: 'buy' | 'sell',
  figures: { symbolValue: string; committed?: string; priced: string; accountValue: string } | null,
): CheckResult {
  if (max === null) return result('limit.max_position_weight', true, 'no limit')
  if (side === 'sell') return result('limit.max_position_weight', true, 'a sell does not add weight')
  if (!figures) return result('limit.max_position_weight', false, 'the account could not be valued')
  const committed = figures.committed ?? '0'
  const part = decAdd(decAdd(figures.symbolValue, committed), figures.priced)
  if (decSign(figures.accountValue) <= 0)
    return result('limit.max_position_weight', false, `the account is worth ${money(figures.accountValue)}`)
  const weight = weightOf(part, figures.accountValue)
  const passed = decSign(decSub(decMul(max, figures.accountValue), part)) >= 0
  const counted =
    decSign(committed) === 0
      ? ''
      : `${money(committed)} in the agent's open and held buys and paper position, `
  return result(
    'limit.max_position_weight',
    passed,
    `weight after this order ${weight} (${counted}${money(part)} of ${money(figures.accountValue)}); the limit is ${plain(max)}`,
  )
}

/** part / whole to six decimals (display only: the check compares exactly). */
export function weightOf(part: string, whole: string): string | null {
  return decSign(whole) <= 0 ? null : decDiv(part, whole, 6)
}

/**
 * `reducing`: only an order that reduces the agent's own position (sell ≤ long, buy ≤ short), net of
 * `closing`: what the agent's other open orders on the same side already close of it, so that
 * orders resting or held together cannot take it past flat into the other side.
 */
export function reduces(side: 'buy' | 'sell', qty: string, position: string, closing = '0'): CheckResult {
  const held = side === 'sell' ? position : decSub('0', position)
  const free = decSub(held, closing)
  const ok = decSign(held) > 0 && decSign(decSub(free, qty)) >= 0
  const what = side === 'sell' ? 'long' : 'short'
  if (decSign(closing) <= 0)
    return result(
      'state.reducing',
      ok,
      ok
        ? `reduces the ${what} position of ${plain(held)}`
        : `the agent is reducing: a ${side} of ${plain(qty)} does not reduce its position (${plain(position)})`,
    )
  const already = `${plain(closing)} already being closed by open orders`
  return result(
    'state.reducing',
    ok,
    ok
      ? `reduces the ${what} position of ${plain(held)} (${already})`
      : `the agent is reducing: a ${side} of ${plain(qty)} does not reduce its position (${plain(position)}): ` +
          `${already}, ${decSign(free) > 0 ? plain(free) : '0'} left to close`,
  )
}

/** A symbol allow-list (null: any symbol). */
export function symbolAllowed(allowed: readonly string[] | null, symbol: string): CheckResult {
  if (allowed === null) return result('symbol.not_allowed', true, 'any symbol')
  const ok = allowed.includes(symbol)
  return result(
    'symbol.not_allowed',
    ok,
    ok ? `${symbol} is allowed` : `${symbol} is not among the agent's symbols`,
  )
}

/** An account allow-list (null: any of the tenant's accounts). */
export function accountAllowed(
  allowed: readonly number[] | null,
  accountId: number,
  owned: boolean,
): CheckResult {
  if (!owned)
    return result('account.not_allowed', false, `account ${accountId} is not one of this tenant's accounts`)
  if (allowed === null) return result('account.not_allowed', true, 'any of the tenant’s accounts')
  const ok = allowed.includes(accountId)
  return result(
    'account.not_allowed',
    ok,
    ok ? `account ${accountId} is allowed` : `account ${accountId} is not among the agent's accounts`,
  )
}

const NY_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The New York wall-clock time of an instant, `HH:MM`. */
export function nyTime(at: Date): string {
  return NY_TIME.format(at)
}

/**
 * Minutes since midnight of an `HH:MM` time. `24:00` is 1440, the end of the day: an agent's window
 * may end there (its last minute is 23:59), never start there.
 */
export function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':')
  return Number(h) * 60 + Number(m)
}

/** A New York time window, start inclusive, end exclusive; an end of `24:00` runs to midnight (null: any time). */
export function hoursAllowed(window: { start: string; end: string } | null, at: Date): CheckResult {
  if (window === null) return result('hours.not_allowed', true, 'any time')
  const now = nyTime(at)
  const minute = minuteOfDay(now)
  const ok = minute >= minuteOfDay(window.start) && minute < minuteOfDay(window.end)
  const until = window.end === '24:00' ? 'midnight (24:00)' : `before ${window.end}`
  return result(
    'hours.not_allowed',
    ok,
    `${now} New York time; the agent may trade from ${window.start} to ${until}`,
  )
}

/** The first failed check, or null when every one passed. */
export const firstFailure = (checks: readonly CheckResult[]): CheckResult | null =>
  checks.find((c) => !c.passed) ?? null
