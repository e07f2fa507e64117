/** Market-structure concepts (docs/definitions.md#market-structure). */
import { q, type Concept } from './catalog.types.ts'

const L = 'structure' as const

export const STRUCTURE_CONCEPTS: Concept[] = [
  {
    id: 'swing-points',
    layer: L,
    title: 'Swing highs and lows',
    level: 'basic',
    summary: 'The turning points (pivots) that every other structure reading is built on.',
    explanation:
      'A swing high is a bar whose high stands above the bars around it; a swing low is the mirror. ' +
      'Trends, breaks of structure and dealing ranges are all read from the sequence of swings.',
    detection:
      'Bar i is a swing high when H[i] > max(H[i−L..i−1]) and H[i] ≥ max(H[i+1..i+R]); the earlier of equal ' +
      'highs is the pivot. The service uses L = R = 3 on daily bars (2 intraday), and a pivot is only used ' +
      'once it is confirmed at bar i+R.',
    pitfalls: [
      'Using a pivot before bar i+R is look-ahead: the “swing” may still be exceeded.',
      'Larger L and R give fewer, more significant swings; compare readings only with the same settings.',
    ],
    example: { kind: 'swings', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('swing-points-1', 'With L = R = 2, when is a swing high at bar 10 confirmed?', ['At bar 10', 'At bar 11', 'At bar 12', 'At bar 14'], 2, 'It needs the R = 2 bars after it: bar 10 + 2 = 12.'),
      q('swing-points-2', 'Two neighbouring bars have the same high, both above their neighbours. Which one is the pivot?', ['The earlier one', 'The later one', 'Both', 'Neither'], 0, 'The left side is strict (>) and the right side allows ties (≥), so the earlier bar wins.'),
      q('swing-points-3', 'What happens with larger L and R?', ['More swings', 'Fewer, more significant swings', 'No change', 'Only lows change'], 1, 'A bar must dominate more neighbours, so fewer bars qualify.'),
    ],
  },
  {
    id: 'hh-hl-labels',
    layer: L,
    title: 'HH, HL, LH, LL labels',
    level: 'basic',
    summary: 'Comparing each swing with the previous one of the same kind.',
    explanation:
      'Each swing high is compared with the previous swing high (higher → HH, lower → LH, equal → EQH) and ' +
      'each swing low with the previous low (HL, LL, EQL). The labels describe the rhythm of the market.',
    detection: 'Exact comparison (tolerance 0) of consecutive confirmed swings of the same type.',
    pitfalls: [
      'The first swing of each type has no label: there is nothing to compare it with.',
      'A tolerance (e.g. 0.1 × ATR14) turns near-equal swings into EQH/EQL; state which one is used.',
    ],
    example: { kind: 'trend', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('hh-hl-labels-1', 'Swings L100, H110, L104: how is L104 labelled?', ['LL', 'HL', 'HH', 'EQL'], 1, '104 is above the previous swing low 100: a higher low.'),
      q('hh-hl-labels-2', 'In L100, H110, L104, H115, L108, H112, L101, how is H112 labelled?', ['HH', 'LH', 'EQH', 'HL'], 1, '112 is below the previous swing high 115: a lower high.'),
      q('hh-hl-labels-3', 'What is compared with a swing low?', ['The previous swing high', 'The previous swing low', 'The close', 'The SMA 20'], 1, 'Labels compare swings of the same type.'),
    ],
  },
  {
    id: 'trend-state',
    layer: L,
    title: 'Trend state',
    level: 'basic',
    summary: 'Bullish, bearish or ranging, from the latest high and low labels.',
    explanation:
      'The trend is bullish when the last swing high is a HH and the last swing low a HL, bearish when they ' +
      'are LH and LL, and ranging or transitional otherwise.',
    detection: 'From the labels of the last confirmed swing high and swing low.',
    pitfalls: ['Mixed labels (HH with LL) are not a trend: they describe an expanding range.'],
    example: { kind: 'trend', symbol: 'QQQ' },
    // prettier-ignore
    questions: [
      q('trend-state-1', 'Last high HH, last low HL: the trend is…', ['Bullish', 'Bearish', 'Ranging', 'Unknown'], 0, 'Both labels point up.'),
      q('trend-state-2', 'Last high LH, last low LL: the trend is…', ['Bullish', 'Bearish', 'Ranging', 'Transitional'], 1, 'Both labels point down.'),
      q('trend-state-3', 'Last high HH, last low LL: the trend is…', ['Bullish', 'Bearish', 'Ranging or transitional', 'Strongly bullish'], 2, 'The labels disagree, so no trend is declared.'),
    ],
  },
  {
    id: 'bos',
    layer: L,
    title: 'Break of structure (BOS)',
    level: 'basic',
    summary: 'A close beyond the latest unbroken swing, in the direction of the trend.',
    explanation:
      'When price closes above the latest confirmed, unbroken swing high in an uptrend (or with no trend yet), ' +
      'the market has broken structure and the trend continues.',
    detection:
      'Close-based and causal: keep the latest confirmed unbroken swing high and low; a close above ' +
      'the high is a bullish break, below the low a bearish one; each level breaks once. With the trend or ' +
      'with no trend → BOS; the trend becomes the break direction.',
    pitfalls: [
      'A wick through the level is not a break in this rule; only the close counts.',
      'Pattern-based definitions (smartmoneyconcepts) look ahead; ours does not.',
    ],
    example: { kind: 'breaks', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('bos-1', 'What must cross the swing high for a bullish break?', ['The high', 'The close', 'The open', 'The low'], 1, 'The rule is close-based.'),
      q('bos-2', 'No trend yet and a close breaks above the swing high. This is…', ['A bullish BOS', 'A bullish CHoCH', 'Nothing', 'A bearish BOS'], 0, 'A break with no prior trend counts as a BOS.'),
      q('bos-3', 'How many times can one swing level be broken?', ['Once', 'Twice', 'Unlimited', 'Until the trend changes'], 0, 'Each level can be broken only once.'),
    ],
  },
  {
    id: 'choch',
    layer: L,
    title: 'Change of character (CHoCH)',
    level: 'advanced',
    summary: 'The first break against the current trend: an early sign of reversal.',
    explanation:
      'In an uptrend, a close below the latest unbroken swing low is a CHoCH: the structure that supported ' +
      'the trend has failed, and the trend flips to bearish.',
    detection:
      'Same close-based rule as BOS; a break against the current trend is a CHoCH. Vector S2: BOS ' +
      'bullish at bar 8 (11.0 > 10.8), CHoCH bearish at bar 12 (9.35 < 9.4).',
    pitfalls: [
      'A CHoCH is a warning, not a confirmed reversal; a following BOS in the new direction confirms it.',
    ],
    example: { kind: 'breaks', symbol: 'QQQ' },
    // prettier-ignore
    questions: [
      q('choch-1', 'Trend bullish; a close falls below the latest swing low. This is…', ['A bearish BOS', 'A bearish CHoCH', 'A bullish CHoCH', 'No event'], 1, 'A break against the trend is a CHoCH.'),
      q('choch-2', 'After a bearish CHoCH, the trend is…', ['Still bullish', 'Bearish', 'Ranging', 'Undefined'], 1, 'After a break the trend takes the break direction.'),
      q('choch-3', 'Trend bullish; swing high 10.8 (bar 2), swing low 9.4 (bar 5). Closes of bars 10–12: 10.3, 10.0, 9.35. Which close gives the CHoCH at bar 12?', ['9.35 below 9.4', '11.0 above 10.8', '10.0 below 10.1', '9.8 below 9.5'], 0, 'The swing low 9.4 at bar 5 breaks on the 9.35 close.'),
    ],
  },
  {
    id: 'mtf-alignment',
    layer: L,
    title: 'Multi-timeframe alignment',
    level: 'advanced',
    summary: 'Do the trends of several timeframes agree?',
    explanation:
      'Higher timeframes carry more weight. Alignment is the weighted sum of each timeframe trend (+1, −1, 0); ' +
      'a reading is aligned when it is strong and the anchor timeframe agrees.',
    detection:
      'alignment = Σ w_k t_k with default weights 1D 0.4, 4H 0.3, 1H 0.2, 15m 0.1; aligned when |alignment| ≥ ' +
      '0.5 and the anchor has the same sign; agree = share of timeframes matching the anchor.',
    pitfalls: ['Weights must sum to 1 for the result to stay in [−1, 1].'],
    example: { kind: 'trend', symbol: 'IWM' },
    // prettier-ignore
    questions: [
      q('mtf-alignment-1', '1D +1, 4H +1, 1H −1, 15m +1 with default weights: alignment is…', ['0.4', '0.6', '0.8', '1.0'], 1, '0.4 + 0.3 − 0.2 + 0.1 = 0.6.'),
      q('mtf-alignment-2', 'Alignment 0.6 and the anchor is bearish. Aligned?', ['Yes, bullish', 'Yes, bearish', 'No', 'Only on 1D'], 2, 'The anchor must have the same sign as the alignment.'),
      q('mtf-alignment-3', 'In the same example with anchor 1D, agree is…', ['1/4', '2/4', '3/4', '4/4'], 2, 'Three of four timeframes match the 1D trend.'),
    ],
  },
  {
    id: 'ranging-market',
    layer: L,
    title: 'Ranging market',
    level: 'basic',
    summary: 'When swings neither rise nor fall together.',
    explanation:
      'A range holds price between a swing high and a swing low; breaks of either edge are what end it. ' +
      'Trend-following signals are weak inside it.',
    detection: 'Trend state neither bullish nor bearish, e.g. LH with HL (contracting) or HH with LL.',
    pitfalls: ['A single wick outside the range is not a break; the structure rule waits for a close.'],
    example: { kind: 'range', symbol: 'DIA' },
    // prettier-ignore
    questions: [
      q('ranging-market-1', 'Last high LH, last low HL describe…', ['An uptrend', 'A downtrend', 'A contracting range', 'A breakout'], 2, 'Lower highs and higher lows narrow the range.'),
      q('ranging-market-2', 'What ends a range in the structure rule?', ['A wick beyond the edge', 'A close beyond the edge', 'A doji', 'Low volume'], 1, 'Breaks are close-based.'),
      q('ranging-market-3', 'Inside a range, trend-following signals are…', ['More reliable', 'Less reliable', 'Unchanged', 'Forbidden'], 1, 'Without a trend there is nothing to follow.'),
    ],
  },
  {
    id: 'pivot-confirmation',
    layer: L,
    title: 'Confirmation and look-ahead',
    level: 'advanced',
    summary: 'Why a live detector must wait R bars before using a pivot.',
    explanation:
      'A bar can only be known to be a swing once the R bars after it exist. Research code that marks pivots ' +
      'with future bars gives signals that could never have been traded.',
    detection: 'Every detection in the service is causal: a pivot at i is used from bar i+R on.',
    pitfalls: ['Backtests on pivots without the R-bar delay overstate results.'],
    example: { kind: 'swings', symbol: 'QQQ' },
    // prettier-ignore
    questions: [
      q('pivot-confirmation-1', 'Using a pivot at bar i on bar i is…', ['Causal', 'Look-ahead', 'Conservative', 'Required'], 1, 'It needs bars i+1..i+R.'),
      q('pivot-confirmation-2', 'Which code uses future bars for pivots?', ['Our detector', 'SMC swing_highs_lows', 'SMA', 'ATR'], 1, 'SMC compares with a window that includes later bars.'),
      q('pivot-confirmation-3', 'Look-ahead in a backtest usually makes results…', ['Worse', 'Better than reality', 'Identical', 'Random'], 1, 'It trades on information not yet available.'),
    ],
  },
  {
    id: 'equal-highs-lows',
    layer: L,
    title: 'Equal highs and lows',
    level: 'advanced',
    summary: 'Swings at the same level, where resting orders gather.',
    explanation:
      'Two or more swing highs at about the same price form a level many traders watch; stops sit above it. ' +
      'Labels call them EQH/EQL; ICT calls the cluster liquidity.',
    detection: 'EQH/EQL when equal within the tolerance (default 0, option 0.1 × ATR14).',
    pitfalls: ['With tolerance 0, floating-point prices rarely compare equal; document the tolerance.'],
    example: { kind: 'swings', symbol: 'IWM' },
    // prettier-ignore
    questions: [
      q('equal-highs-lows-1', 'Two swing highs at the same price are labelled…', ['HH', 'LH', 'EQH', 'EQL'], 2, 'Equal within the tolerance → EQH.'),
      q('equal-highs-lows-2', 'The default label tolerance is…', ['0 (exact)', '1 %', '0.5 × ATR', '10 cents'], 0, 'The option is 0.1 × ATR14.'),
      q('equal-highs-lows-3', 'What tends to rest above equal highs?', ['Buy stops', 'Nothing', 'Dividends', 'Limit buys'], 0, 'Shorts place stops above the level.'),
    ],
  },
  {
    id: 'structure-timeframes',
    layer: L,
    title: 'Timeframes and history',
    level: 'basic',
    summary: 'What each timeframe reads and why readings differ between them.',
    explanation:
      'Structure on 1d reads about one year of bars, 1w about three years of weekly bars, 1h about 30 ' +
      'sessions. A daily uptrend can contain an hourly downtrend.',
    detection: 'Timeframes 1m, 5m, 15m, 1h, 1d (default), 1w; weekly bars are built from daily ones.',
    pitfalls: ['Compare signals only on the same timeframe and history.'],
    example: { kind: 'trend', symbol: 'AAPL' },
    // prettier-ignore
    questions: [
      q('structure-timeframes-1', 'The default timeframe is…', ['1h', '1d', '1w', '5m'], 1, 'Daily bars are the default.'),
      q('structure-timeframes-2', 'How are weekly bars made?', ['From daily bars', 'From 1h bars', 'From quotes', 'From options'], 0, 'Monday-based New York weeks of daily bars.'),
      q('structure-timeframes-3', 'A daily uptrend with an hourly downtrend is…', ['Impossible', 'Possible', 'An error', 'A CHoCH'], 1, 'Each timeframe has its own swings.'),
    ],
  },
]
