/**
 * The rules of an order that its schema cannot say (docs/vendor-formats.md#alpaca-trading, POST /v2/orders): checked here
 * so the caller gets a 422 naming the field instead of the vendor's refusal.
 */
import type { FieldError } from '../../../../platform/http/errors.ts'
import type { OrderRequest } from '../../../../providers/brokers/index.ts'

export function orderProblems(o: OrderRequest): FieldError[] {
  const out: FieldError[] = []
  const add = (field: string, msg: string) => out.push({ loc: ['body', field], msg, type: 'value_error' })
  if ((o.qty === undefined) === (o.notional === undefined)) add('qty', 'give exactly one of qty and notional')
  if (o.notional !== undefined && (o.type !== 'market' || o.timeInForce !== 'day'))
    add('notional', 'notional orders must be market orders with time_in_force day')
  const needsLimit = o.type === 'limit' || o.type === 'stop_limit'
  const needsStop = o.type === 'stop' || o.type === 'stop_limit'
  if (needsLimit && o.limitPrice === undefined) add('limit_price', `required for a ${o.type} order`)
  if (!needsLimit && o.limitPrice !== undefined) add('limit_price', `not allowed for a ${o.type} order`)
  if (needsStop && o.stopPrice === undefined) add('stop_price', `required for a ${o.type} order`)
  if (!needsStop && o.stopPrice !== undefined) add('stop_price', `not allowed for a ${o.type} order`)
  const trails = [o.trailPrice, o.trailPercent].filter((v) => v !== undefined).length
  if (o.type === 'trailing_stop' && trails !== 1)
    add('trail_price', 'give exactly one of trail_price and trail_percent')
  if (o.type !== 'trailing_stop' && trails > 0) add('trail_price', 'only for a trailing_stop order')
  if (o.extendedHours && (o.type !== 'limit' || o.timeInForce !== 'day'))
    add('extended_hours', 'extended hours orders must be limit orders with time_in_force day')
  for (const [field, v] of [
    ['qty', o.qty],
    ['notional', o.notional],
  ] as const)
    if (v !== undefined && Number(v) <= 0) add(field, 'must be greater than 0')
  return out
}
