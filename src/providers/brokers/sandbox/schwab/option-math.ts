/** Black–Scholes (no dividends) for the chain's volatility and greeks: implied from the contract's mark. */

/** Standard normal CDF (Abramowitz–Stegun 26.2.17, |error| < 7.5e-8). */
export function normCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x))
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
  const tail = (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly
  return x >= 0 ? 1 - tail : tail
}

const normPdf = (x: number) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)

export interface OptionInput {
  call: boolean
  spot: number
  strike: number
  /** Years to expiration (floored at half a day). */
  years: number
  rate: number
}

function d1d2(o: OptionInput, sigma: number) {
  const t = Math.max(o.years, 0.5 / 365)
  const d1 = (Math.log(o.spot / o.strike) + (o.rate + (sigma * sigma) / 2) * t) / (sigma * Math.sqrt(t))
  return { t, d1, d2: d1 - sigma * Math.sqrt(t) }
}

export function bsPrice(o: OptionInput, sigma: number): number {
  const { t, d1, d2 } = d1d2(o, sigma)
  const df = Math.exp(-o.rate * t)
  return o.call
    ? o.spot * normCdf(d1) - o.strike * df * normCdf(d2)
    : o.strike * df * normCdf(-d2) - o.spot * normCdf(-d1)
}

/** The volatility that prices the option at `price` (bisection in [1 %, 500 %]); 0.3 when none does. */
export function impliedVol(o: OptionInput, price: number): number {
  let lo = 0.01
  let hi = 5
  if (!(price > bsPrice(o, lo)) || !(price < bsPrice(o, hi))) return 0.3
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2
    if (bsPrice(o, mid) < price) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/** Delta, gamma, theta per calendar day, vega and rho per percentage point. */
export function greeks(o: OptionInput, sigma: number) {
  const { t, d1, d2 } = d1d2(o, sigma)
  const df = Math.exp(-o.rate * t)
  const pdf = normPdf(d1)
  const decay = (-o.spot * pdf * sigma) / (2 * Math.sqrt(t))
  const theta = o.call
    ? decay - o.rate * o.strike * df * normCdf(d2)
    : decay + o.rate * o.strike * df * normCdf(-d2)
  return {
    delta: o.call ? normCdf(d1) : normCdf(d1) - 1,
    gamma: pdf / (o.spot * sigma * Math.sqrt(t)),
    theta: theta / 365,
    vega: (o.spot * pdf * Math.sqrt(t)) / 100,
    rho: ((o.call ? 1 : -1) * o.strike * t * df * normCdf(o.call ? d2 : -d2)) / 100,
  }
}
