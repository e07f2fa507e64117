/**
 * Exact decimal arithmetic, one home (ADR 0019): never a float for money.
 * - cents.ts: amounts as a bigint count of cents, parsed exactly and rounded once at the cent
 *   (half away from zero); sums, gain/loss, and the conversions to the wire.
 * - decimal-string.ts: exact arithmetic on decimal strings of any scale (quantities, cost bases and
 *   prices as brokers send them), with one rounding point, `decDiv`.
 */
export {
  cents,
  centsOrNull,
  centsToNumber,
  centsToString,
  decimalPlaces,
  gainLoss,
  roundDiv,
  sumCents,
  toCents,
  type MoneyInput,
} from './cents.ts'
export { decAbs, decAdd, decDiv, decMul, decSign, decSub, decSum } from './decimal-string.ts'
