/** ICT concepts (docs/definitions.md#ict-concepts). */
import { q, type Concept } from './catalog.types.ts'

const L = 'ict' as const

export const ICT_CONCEPTS: Concept[] = [
  {
    id: 'fair-value-gap',
    layer: L,
    title: 'Fair value gap (FVG)',
    level: 'basic',
    summary: 'A three-candle imbalance: a price range traded only one way.',
    explanation:
      'When a strong candle moves so fast that the wicks of its neighbours do not overlap, the gap between ' +
      'them is an FVG. Price often returns to it.',
    detection:
      'Bullish at middle candle i: H[i−1] < L[i+1] and C[i] > O[i]; top = L[i+1], bottom = H[i−1]. Bearish: ' +
      'L[i−1] > H[i+1] and a down candle; top = L[i−1], bottom = H[i+1].',
    pitfalls: ['The gap is known only at bar i+1; do not mark it on bar i.'],
    example: { kind: 'fvg', symbol: 'QQQ' },
    // prettier-ignore
    questions: [
      q('fair-value-gap-1', 'Bars 0, 1, 2 have highs 101.0, 104.0, 105.0 and lows 99.0, 100.4, 102.0; bar 1 closes up. The bullish FVG at bar 1 spans…', ['101.0–102.0', '100.4–104.0', '102.0–103.0', '99.0–101.0'], 0, 'bottom H[0] = 101.0, top L[2] = 102.0.'),
      q('fair-value-gap-2', 'A bullish FVG needs the middle candle to be…', ['Down', 'Up', 'A doji', 'Inside'], 1, 'C > O.'),
      q('fair-value-gap-3', 'The top of a bearish FVG is…', ['L[i−1]', 'H[i+1]', 'H[i−1]', 'L[i+1]'], 0, 'Top = L[i−1], bottom = H[i+1].'),
    ],
  },
  {
    id: 'fvg-mitigation',
    layer: L,
    title: 'FVG mitigation, CE and fill',
    level: 'advanced',
    summary: 'When price returns into a gap: touched, half-filled, filled.',
    explanation:
      'Mitigation is the first return into the gap, consequent encroachment (CE) reaches its midpoint, and ' +
      'a fill reaches its far edge.',
    detection:
      'Mitigated at the first j ≥ i+2 with L[j] ≤ top (bullish) or H[j] ≥ bottom (bearish); CE at the ' +
      'midpoint; filled at the far edge (bullish: L ≤ bottom).',
    pitfalls: ['Bar i+1 defines the gap and cannot mitigate it; checking starts at i+2.'],
    example: { kind: 'fvg', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('fvg-mitigation-1', 'A bullish FVG 101.0–102.0 forms at bar 1; bars 2–5 have lows 102.0, 103.0, 101.8, 101.3. It is first touched at bar…', ['2', '3', '4', '5'], 2, 'L[4] = 101.8 ≤ 102.0.'),
      q('fvg-mitigation-2', 'With those lows, its CE (101.5) is reached at bar…', ['3', '4', '5', 'never'], 2, 'L[5] = 101.3 ≤ 101.5.'),
      q('fvg-mitigation-3', 'With those lows, is it filled?', ['Yes, at bar 5', 'No', 'Yes, at bar 4'], 1, 'No low reaches the bottom 101.0.'),
    ],
  },
  {
    id: 'order-block',
    layer: L,
    title: 'Order block',
    level: 'basic',
    summary: 'The extreme candle before the displacement that broke structure.',
    explanation:
      'Before a bullish break of structure, the candle with the lowest low since the swing high is where ' +
      'large buyers are assumed to have entered; its range is the order block.',
    detection:
      'On a close above the latest swing high (each swing once), the bullish OB is the candle with the ' +
      'lowest low strictly between the swing and the break (ties → the last), else the bar before the ' +
      'break; zone [low, high]. Bearish mirrored.',
    pitfalls: ['Definitions differ (last opposite candle vs extreme candle); this one follows SMC.'],
    example: { kind: 'breaks', symbol: 'AAPL' },
    // prettier-ignore
    questions: [
      q('order-block-1', 'Swing high 10.8 at bar 2; bar 8 closes above it. Bars 3–7 have lows 10.0, 9.7, 9.4, 9.5, 10.0. The bullish OB is bar…', ['2', '5', '7', '8'], 1, 'Bar 5 has the lowest low (9.4) strictly between bars 2 and 8.'),
      q('order-block-2', 'Bar 5 has low 9.4 and high 10.0. Its zone is…', ['[9.4, 10.0]', '[10.8, 11.3]', '[9.5, 10.2]', '[9.3, 10.2]'], 0, 'Bar 5: L 9.4, H 10.0.'),
      q('order-block-3', 'A bullish OB fails when…', ['L < its bottom', 'H > its top', 'Volume falls', 'A doji prints'], 0, 'L < bottom (SMC).'),
    ],
  },
  {
    id: 'breaker-block',
    layer: L,
    title: 'Breaker block',
    level: 'advanced',
    summary: 'A failed order block that flips its role.',
    explanation:
      'When price closes through a bullish OB, the zone becomes resistance on a later retest from below: a ' +
      'bearish breaker. A reclaimed bearish OB becomes a bullish breaker.',
    detection: 'From the first close beyond the far edge; valid until a close beyond the opposite edge.',
    pitfalls: ['A wick through the zone is a failure in SMC, but a breaker here needs a close.'],
    example: { kind: 'breaks', symbol: 'MSFT' },
    // prettier-ignore
    questions: [
      q('breaker-block-1', 'A bullish OB [9.4, 10.0]; bars 10, 11, 12 close at 10.3, 10.0, 9.35. It becomes a bearish breaker at bar…', ['11', '12', '10', 'never'], 1, 'C 9.35 < 9.4 at bar 12.'),
      q('breaker-block-2', 'What invalidates that bearish breaker?', ['A close above 10.0', 'A close below 9.4', 'Any wick', 'Time'], 0, 'A close beyond the opposite edge.'),
      q('breaker-block-3', 'A bearish breaker acts as…', ['Support', 'Resistance', 'Nothing', 'A gap'], 1, 'It is retested from below.'),
    ],
  },
  {
    id: 'premium-discount',
    layer: L,
    title: 'Premium and discount',
    level: 'basic',
    summary: 'Where price sits in the dealing range, around equilibrium.',
    explanation:
      'The dealing range runs from the latest swing low to the latest swing high. Above its midpoint (EQ) ' +
      'price is at a premium, below at a discount.',
    detection: 'EQ = (hi + lo)/2; position = (C − lo)/(hi − lo).',
    pitfalls: ['Position can leave [0, 1] when price breaks out of the range.'],
    example: { kind: 'range', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('premium-discount-1', 'lo 9.4, hi 11.3: EQ is…', ['10.35', '10.0', '10.5', '9.85'], 0, '(11.3 + 9.4)/2.'),
      q('premium-discount-2', 'Close 10.3 in that range is…', ['Premium', 'Discount'], 1, '10.3 < 10.35.'),
      q('premium-discount-3', 'lo 9.4, hi 11.3: a close of 9.35 has position…', ['0', '−0.026316', '0.5', '1'], 1, '(9.35 − 9.4)/1.9 = −0.026316.'),
    ],
  },
  {
    id: 'ote',
    layer: L,
    title: 'Optimal trade entry (OTE)',
    level: 'advanced',
    summary: 'The 62–79 % retracement band of a leg.',
    explanation:
      'ICT’s entry zone for a long: a deep pullback of the up-leg, between 62 % and 79 %, with 70.5 % the sweet spot.',
    detection: 'Long OTE = [hi − 0.79R, hi − 0.62R], R = hi − lo; shorts mirrored from lo.',
    pitfalls: ['Some use 0.618 instead of 0.62; the band edge moves slightly.'],
    example: { kind: 'range', symbol: 'QQQ' },
    // prettier-ignore
    questions: [
      q('ote-1', 'lo 9.4, hi 11.3: the long OTE is…', ['[9.799, 10.122]', '[10.35, 11.3]', '[9.4, 10.35]', '[10.578, 10.901]'], 0, '11.3 − 0.79×1.9 and 11.3 − 0.62×1.9.'),
      q('ote-2', 'The sweet spot is…', ['50 %', '61.8 %', '70.5 %', '79 %'], 2, '70.5 % → 9.9605 for lo 9.4, hi 11.3.'),
      q('ote-3', 'The short OTE is measured from…', ['hi', 'lo', 'EQ', 'the close'], 1, 'Mirrored from lo: 10.578–10.901 for lo 9.4, hi 11.3.'),
    ],
  },
  {
    id: 'liquidity',
    layer: L,
    title: 'Liquidity pools',
    level: 'advanced',
    summary: 'Clusters of equal highs or lows, and their sweep.',
    explanation:
      'Equal highs collect buy stops; a run above them (a sweep) often reverses once those orders fill.',
    detection:
      'pip = (max H − min L) × 0.01; later swing highs within ±pip join a group; a group of ≥ 2 is liquidity ' +
      'at the mean level; swept at the first bar with H ≥ first level + pip.',
    pitfalls: ['The tolerance scales with the whole window’s range, so a longer window groups more loosely.'],
    example: { kind: 'swings', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('liquidity-1', 'max H 51.0, min L 46.0: pip is…', ['0.05', '0.5', '0.01', '5'], 0, '5.0 × 0.01.'),
      q('liquidity-2', 'Group 50.00, 50.04, 50.02: its level is…', ['50.00', '50.02', '50.04', '50.05'], 1, 'The mean.'),
      q('liquidity-3', 'It is swept at H ≥…', ['50.05', '50.02', '50.07', '51.0'], 0, 'first level 50.00 + pip 0.05.'),
    ],
  },
  {
    id: 'killzones',
    layer: L,
    title: 'Killzones',
    level: 'basic',
    summary: 'Time windows when liquidity and volatility concentrate.',
    explanation:
      'ICT traders focus on session opens: London 02:00–05:00 ET, New York AM (09:30–11:00 ET for US equities), NY PM 13:30–16:00.',
    detection: 'Windows stored in America/New_York time and converted each day, so DST moves them correctly.',
    pitfalls: ['A fixed-UTC table (as in SMC) drifts by an hour when US daylight saving changes.'],
    example: { kind: 'volume', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('killzones-1', 'The default NY AM killzone for US equities is…', ['07:00–10:00 ET', '09:30–11:00 ET', '13:30–16:00 ET', '02:00–05:00 ET'], 1, 'The equities default.'),
      q('killzones-2', 'Why store windows in ET?', ['Shorter code', 'DST shifts UTC times', 'Exchanges require it', 'No reason'], 1, '11:00 UTC is 07:00 EDT but 06:00 EST.'),
      q('killzones-3', 'The London open killzone is…', ['02:00–05:00 ET', '20:00–00:00 ET', '10:00–12:00 ET', '14:00–15:00 ET'], 0, 'Community default.'),
    ],
  },
  {
    id: 'displacement',
    layer: L,
    title: 'Displacement',
    level: 'basic',
    summary: 'A strong, wide-range move that breaks structure and leaves gaps.',
    explanation:
      'Displacement is the forceful move that creates FVGs and defines order blocks: a wide candle, often ' +
      'on high volume, closing beyond a swing.',
    detection: 'Seen through its footprints: a close beyond a swing with an FVG formed around it.',
    pitfalls: ['A wide bar that breaks nothing is volatility, not displacement.'],
    example: { kind: 'fvg', symbol: 'NVDA' },
    // prettier-ignore
    questions: [
      q('displacement-1', 'Displacement usually leaves…', ['An FVG', 'A doji', 'An inside bar', 'Nothing'], 0, 'Fast moves leave gaps.'),
      q('displacement-2', 'Which break defines an OB?', ['A close beyond a swing', 'Any wick', 'A gap open', 'RSI > 70'], 0, 'The OB precedes the structure break.'),
      q('displacement-3', 'A wide bar inside a range is…', ['Displacement', 'Volatility', 'A BOS', 'A spring'], 1, 'It breaks nothing.'),
    ],
  },
  {
    id: 'silver-bullet',
    layer: L,
    title: 'Silver bullet windows',
    level: 'advanced',
    summary: 'Three one-hour windows in New York time where an FVG entry is sought.',
    explanation:
      'The silver bullet looks for a fair value gap formed inside one-hour windows (03:00–04:00, 10:00–11:00 ' +
      'and 14:00–15:00 ET) after liquidity has been taken.',
    detection: 'Windows in America/New_York time, combined with the FVG rule.',
    pitfalls: ['On daily bars the windows do not exist: the concept needs intraday timeframes.'],
    example: { kind: 'fvg', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('silver-bullet-1', 'Which is a silver bullet window?', ['10:00–11:00 ET', '12:00–13:00 ET', '16:00–17:00 ET', '00:00–01:00 ET'], 0, 'The AM window.'),
      q('silver-bullet-2', 'What is sought inside the window?', ['An FVG', 'A doji', 'A dividend', 'An inside week'], 0, 'A fair value gap entry.'),
      q('silver-bullet-3', 'How long is each window?', ['15 minutes', 'One hour', 'Three hours', 'A session'], 1, 'Each is one hour.'),
    ],
  },
]
