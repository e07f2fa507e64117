/**
 * GET /trader/v1/accounts objects (docs/vendor-formats.md#schwab-trader): `securitiesAccount` with positions (only with
 * fields=positions) and the MARGIN or CASH balance sets, plus `aggregatedBalance`. Every figure is a
 * JSON number computed from whole cents, so they add up. Initial balances are the previous close's.
 */
import { centsOf, product, round } from '../decimal.ts'
import type { Holding } from '../ledger.ts'
import { cusipOf, instrumentIdOf } from './ids.ts'
import type { SchwabAccount } from './ledger.ts'
import { marginBuyingPowerCents } from './order-book.ts'

export interface PricedHolding {
  holding: Holding
  last: number
  previousClose: number
  name: string
}

type Json = Record<string, unknown>
const $ = (c: number) => c / 100

export function positionJson(p: PricedHolding, margin: boolean): Json {
  const { qty, avg, symbol } = p.holding
  const market = centsOf(qty, p.last)
  const cost = centsOf(qty, avg)
  const prev = centsOf(qty, p.previousClose)
  return {
    shortQuantity: 0,
    longQuantity: qty,
    averagePrice: avg,
    averageLongPrice: avg,
    taxLotAverageLongPrice: avg,
    settledLongQuantity: qty,
    settledShortQuantity: 0,
    currentDayProfitLoss: $(market - prev),
    currentDayProfitLossPercentage: prev ? round(((market - prev) / prev) * 100, 2) : 0,
    longOpenProfitLoss: $(market - cost),
    marketValue: $(market),
    maintenanceRequirement: margin ? $(product(market, 0.3, 0)) : 0,
    previousSessionLongQuantity: qty,
    currentDayCost: 0,
    instrument: {
      assetType: 'EQUITY',
      cusip: cusipOf(symbol),
      symbol,
      description: p.name,
      instrumentId: instrumentIdOf(symbol),
      netChange: round(p.last - p.previousClose, 4),
      type: 'COMMON_STOCK',
    },
  }
}

/** Cents: cash, long market value now and at the previous close, and what open buy orders hold back. */
export interface Totals {
  cash: number
  long: number
  previousLong: number
  reserved: number
}

const ZEROS = ['accruedInterest', 'cashReceipts', 'longOptionMarketValue', 'moneyMarketFund', 'savings']
const MORE_ZEROS = [
  'shortMarketValue',
  'pendingDeposits',
  'mutualFundValue',
  'bondValue',
  'shortOptionMarketValue',
]
const zeros = (names: string[]): Json => Object.fromEntries(names.map((n) => [n, 0]))

function baseFields(cash: number, long: number, margin: boolean): Json {
  return {
    ...zeros(ZEROS),
    cashBalance: $(margin ? Math.max(0, cash) : cash),
    liquidationValue: $(cash + long),
    longMarketValue: $(long),
    ...zeros(MORE_ZEROS),
  }
}

function marginFigures(cash: number, long: number, reserved: number) {
  const power = marginBuyingPowerCents(cash, long, reserved)
  const equity = cash + long
  return {
    availableFunds: $(Math.floor(power / 2)),
    availableFundsNonMarginableTrade: $(Math.max(0, cash - reserved)),
    buyingPower: $(power),
    buyingPowerNonMarginableTrade: $(Math.max(0, cash - reserved)),
    dayTradingBuyingPower: 0,
    dayTradingBuyingPowerCall: 0,
    equity: $(equity),
    equityPercentage: cash >= 0 || long === 0 ? 100 : round((equity / long) * 100, 2),
    longMarginValue: $(long),
    maintenanceCall: 0,
    maintenanceRequirement: $(product(long, 0.3, 0)),
    marginBalance: $(Math.min(0, cash)),
    regTCall: 0,
    shortBalance: 0,
    shortMarginValue: 0,
    sma: $(Math.floor(power / 2)),
    isInCall: false,
    stockBuyingPower: $(power),
    optionBuyingPower: $(Math.floor(power / 2)),
  }
}

function cashFigures(cash: number, long: number, reserved: number) {
  const available = $(Math.max(0, cash - reserved))
  return {
    cashAvailableForTrading: available,
    cashAvailableForWithdrawal: available,
    cashCall: 0,
    longNonMarginableMarketValue: $(long),
    totalCash: $(cash),
    cashDebitCallValue: 0,
    unsettledCash: 0,
  }
}

const pickFields = (from: Json, names: string[]): Json => Object.fromEntries(names.map((n) => [n, from[n]]))

const MARGIN_PROJECTED = [
  'availableFunds',
  'availableFundsNonMarginableTrade',
  'buyingPower',
  'dayTradingBuyingPower',
  'dayTradingBuyingPowerCall',
  'maintenanceCall',
  'regTCall',
  'isInCall',
  'stockBuyingPower',
]

function initialBalances(type: SchwabAccount['type'], t: Totals): Json {
  const margin = type === 'MARGIN'
  const value = $(t.cash + t.previousLong)
  const common = {
    ...baseFields(t.cash, t.previousLong, margin),
    cashAvailableForTrading: $(Math.max(0, t.cash)),
    cashAvailableForWithdrawal: $(Math.max(0, t.cash)),
    isInCall: false,
    accountValue: value,
    longStockValue: $(t.previousLong),
    shortStockValue: 0,
    dayTradingEquityCall: 0,
    totalCash: $(t.cash),
    unsettledCash: 0,
  }
  if (!margin) return common
  const m = marginFigures(t.cash, t.previousLong, 0)
  const names = ['availableFundsNonMarginableTrade', 'buyingPower', 'dayTradingBuyingPower', 'equity']
  const more = ['equityPercentage', 'longMarginValue', 'maintenanceCall', 'maintenanceRequirement']
  const rest = ['marginBalance', 'regTCall', 'shortBalance', 'shortMarginValue']
  return {
    ...common,
    ...pickFields(m, [...names, ...more, ...rest]),
    margin: m.marginBalance,
    marginEquity: value,
  }
}

export function accountJson(
  a: SchwabAccount,
  held: PricedHolding[],
  t: Totals,
  withPositions: boolean,
): Json {
  const margin = a.type === 'MARGIN'
  const figures: Json = margin
    ? marginFigures(t.cash, t.long, t.reserved)
    : cashFigures(t.cash, t.long, t.reserved)
  const projected = margin
    ? pickFields(figures, MARGIN_PROJECTED)
    : pickFields(figures, ['cashAvailableForTrading', 'cashAvailableForWithdrawal'])
  const securitiesAccount: Json = {
    type: a.type,
    accountNumber: a.accountNumber,
    roundTrips: 0,
    isDayTrader: false,
    isClosingOnlyRestricted: false,
    pfcbFlag: false,
    ...(withPositions ? { positions: held.map((p) => positionJson(p, margin)) } : {}),
    initialBalances: initialBalances(a.type, t),
    currentBalances: { ...baseFields(t.cash, t.long, margin), ...figures },
    projectedBalances: projected,
  }
  const value = $(t.cash + t.long)
  return { securitiesAccount, aggregatedBalance: { currentLiquidationValue: value, liquidationValue: value } }
}
