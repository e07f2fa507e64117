/** Price-action concepts (docs/definitions.md#price-action). */
import { q, type Concept } from './catalog.types.ts'

const L = 'price_action' as const

export const PRICE_ACTION_CONCEPTS: Concept[] = [
  {
    id: 'candle-anatomy',
    layer: L,
    title: 'Candle anatomy',
    level: 'basic',
    summary: 'Body, range and shadows: the numbers every candle rule uses.',
    explanation:
      'A candle has an open, high, low and close. The body is the distance between open and close; the ' +
      'shadows (wicks) are what price visited but did not keep.',
    detection:
      'body = |C−O|, range = H−L, upper = H − max(O,C), lower = min(O,C) − L; every rule needs range > 0.',
    pitfalls: ['A bar with range 0 matches no pattern: every ratio would divide by zero.'],
    example: { kind: 'candle', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('candle-anatomy-1', 'O 20.10, H 20.30, L 19.00, C 20.25: the lower shadow is…', ['0.05', '0.15', '1.10', '1.30'], 2, 'min(O,C) − L = 20.10 − 19.00 = 1.10.'),
      q('candle-anatomy-2', 'Same candle: the body is…', ['0.15', '0.20', '1.30', '0.05'], 0, '|20.25 − 20.10| = 0.15.'),
      q('candle-anatomy-3', 'Same candle: the upper shadow is…', ['0.05', '0.20', '0.15', '1.10'], 0, 'H − max(O,C) = 20.30 − 20.25 = 0.05.'),
    ],
  },
  {
    id: 'doji',
    layer: L,
    title: 'Doji',
    level: 'basic',
    summary: 'Open and close almost equal: indecision.',
    explanation:
      'A doji closes where it opened; buyers and sellers ended even. It matters most after a strong move.',
    detection: 'body ≤ 0.10 × range (range-relative; TA-Lib compares with the average range of 10 candles).',
    pitfalls: ['A doji alone is not a reversal signal; it needs context and confirmation.'],
    example: { kind: 'candle', symbol: 'QQQ' },
    // prettier-ignore
    questions: [
      q('doji-1', '(20.00, 20.60, 19.50, 20.05): body/range is…', ['0.045455', '0.10', '0.50', '0.136'], 0, '0.05 / 1.10 = 0.045455 ≤ 0.10: a doji.'),
      q('doji-2', 'The doji threshold is body ≤ … of the range', ['5 %', '10 %', '35 %', '50 %'], 1, 'body ≤ 0.10 × range.'),
      q('doji-3', 'A doji in the middle of a range means…', ['A strong reversal', 'Little on its own', 'A breakout', 'A gap'], 1, 'Indecision matters after a move, not inside noise.'),
    ],
  },
  {
    id: 'hammer',
    layer: L,
    title: 'Hammer and shooting star',
    level: 'basic',
    summary: 'A small body with one long shadow after a move.',
    explanation:
      'A hammer rejects lower prices after a decline: a long lower shadow, small body, almost no upper shadow. ' +
      'The shooting star is its mirror after an advance.',
    detection:
      'Hammer: 0 < body ≤ 0.35·range, lower ≥ 2·body, upper ≤ 0.10·range, prior decline C[i−1] < C[i−4]. ' +
      'Shooting star mirrored with a prior advance.',
    pitfalls: [
      'Without the prior decline the same shape is just a long-legged candle (a hanging man at tops).',
    ],
    example: { kind: 'candle', symbol: 'AAPL' },
    // prettier-ignore
    questions: [
      q('hammer-1', 'The hammer needs the lower shadow to be at least…', ['1 × body', '2 × body', '3 × range', '0.1 × range'], 1, 'lower ≥ 2·body.'),
      q('hammer-2', 'Which context does a hammer need?', ['A prior decline', 'A prior advance', 'High volume', 'A gap up'], 0, 'C[i−1] < C[i−4].'),
      q('hammer-3', '(20.15, 20.45, 19.00, 20.30) is not a hammer because…', ['The body is too big', 'The upper shadow 0.15 > 0.145', 'The lower shadow is short', 'It is a doji'], 1, 'upper must be ≤ 0.10 × range = 0.145.'),
    ],
  },
  {
    id: 'pin-bar',
    layer: L,
    title: 'Pin bar',
    level: 'basic',
    summary: 'A rejection candle with its body in one third of the range.',
    explanation:
      'A bullish pin bar has a long lower tail and its body in the upper third: price was pushed back up.',
    detection: 'Bullish: lower ≥ (2/3)·range and min(O,C) ≥ L + (2/3)·range; bearish mirrored.',
    pitfalls: ['Pin bars and hammers overlap but are not the same rule.'],
    example: { kind: 'candle', symbol: 'MSFT' },
    // prettier-ignore
    questions: [
      q('pin-bar-1', 'In a bullish pin bar the body sits in…', ['The lower third', 'The middle', 'The upper third', 'Anywhere'], 2, 'min(O,C) ≥ L + (2/3)·range.'),
      q('pin-bar-2', 'The bullish pin bar tail must be at least…', ['1/3 of the range', '1/2 of the range', '2/3 of the range', 'the body'], 2, 'lower ≥ (2/3)·range.'),
      q('pin-bar-3', 'Can a candle be both a hammer and a bullish pin?', ['Yes', 'No'], 0, 'The candle O 20.10, H 20.30, L 19.00, C 20.25 is both.'),
    ],
  },
  {
    id: 'engulfing',
    layer: L,
    title: 'Engulfing pattern',
    level: 'basic',
    summary: 'A body that swallows the previous opposite body.',
    explanation:
      'A bullish engulfing is an up bar whose body covers the previous down bar’s body: buyers took over.',
    detection:
      'TA-Lib rule: prior down, current up, and (C ≥ O_prev and O < C_prev) or (C > O_prev and O ≤ C_prev); ' +
      'score 100, or 80 when one end is equal; bearish mirrored (−100/−80).',
    pitfalls: ['Shadows do not count, only bodies.'],
    example: { kind: 'candle', symbol: 'NVDA' },
    // prettier-ignore
    questions: [
      q('engulfing-1', 'Prior (20.40, 20.50, 19.90, 20.00), current (19.95, 20.70, 19.85, 20.60): score?', ['+100', '+80', '0', '−100'], 0, 'C 20.60 ≥ 20.40 and O 19.95 < 20.00.'),
      q('engulfing-2', 'Same prior, current (20.00, 20.70, 19.95, 20.60): score?', ['+100', '+80', '0', '−80'], 1, 'The open equals the prior close: one end equal → 80.'),
      q('engulfing-3', 'Engulfing compares…', ['Shadows', 'Bodies', 'Volumes', 'Ranges'], 1, 'Only real bodies.'),
    ],
  },
  {
    id: 'inside-bar',
    layer: L,
    title: 'Inside bar',
    level: 'basic',
    summary: 'A bar contained in the previous one: contraction.',
    explanation:
      'An inside bar trades within the prior bar’s range; volatility contracts before the next move.',
    detection: 'H < H_prev and L > L_prev, strictly.',
    pitfalls: ['An equal high is not inside: the rule is strict.'],
    example: { kind: 'candle', symbol: 'DIA' },
    // prettier-ignore
    questions: [
      q('inside-bar-1', 'Prior (20, 21, 19, 20.5), current (20.4, 20.8, 19.5, 20.1): inside?', ['Yes', 'No'], 0, '20.8 < 21 and 19.5 > 19.'),
      q('inside-bar-2', 'Current (20.4, 21.0, 19.5, 20.1) after the same prior: inside?', ['Yes', 'No'], 1, 'The high equals the prior high; the rule is strict.'),
      q('inside-bar-3', 'An inside bar signals…', ['Expansion', 'Contraction', 'A reversal', 'A gap'], 1, 'The range shrinks.'),
    ],
  },
  {
    id: 'morning-star',
    layer: L,
    title: 'Morning and evening star',
    level: 'advanced',
    summary: 'A three-candle reversal around a small gapped body.',
    explanation:
      'A long down candle, a small body gapping below it, then an up candle closing well into the first ' +
      'body. The evening star is the mirror at tops.',
    detection:
      '(1) down, body ≥ 0.6·range; (2) body ≤ 0.3·range and max(O2,C2) < C1; (3) up, body > 0.3·range and ' +
      'C3 > C1 + 0.3·body1 (penetration 0.3).',
    pitfalls: [
      'Stocks rarely gap intraday between bars; the body gap is what the rule checks, not a price gap.',
    ],
    example: { kind: 'candle', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('morning-star-1', 'First candle (21.00, 21.10, 19.90, 20.00): the penetration level is…', ['20.00', '20.30', '20.60', '21.00'], 1, 'C1 + 0.3 × body1 = 20.00 + 0.3 = 20.30.'),
      q('morning-star-2', 'A third candle closing at 20.25 gives…', ['A morning star', 'No morning star'], 1, '20.25 ≤ 20.30.'),
      q('morning-star-3', 'The second candle needs…', ['A long body', 'A body ≤ 0.3·range below C1', 'High volume', 'A doji only'], 1, 'A small body with max(O2,C2) < C1.'),
    ],
  },
  {
    id: 'reversal',
    layer: L,
    title: 'Reversal candidates',
    level: 'advanced',
    summary: 'Pattern + context + location, confirmed by the next bar.',
    explanation:
      'A pattern alone is common; a reversal candidate also needs a prior move and a meaningful location.',
    detection:
      'Pattern (hammer, engulfing, pin, star), context (C[i−1] < C[i−4] or below SMA20), location (within ' +
      '0.5×ATR14 of a swing, a zone, or outside Bollinger); confirmed when the next close passes the pattern ' +
      'extreme. Score = 0.4·pattern + 0.3·location + 0.3·volume (volume ≥ 1.5 × 20-bar average).',
    pitfalls: ['The confirmation bar is after the pattern: do not use it for the pattern bar’s signal.'],
    example: { kind: 'volume', symbol: 'QQQ' },
    // prettier-ignore
    questions: [
      q('reversal-1', 'Pattern and location but normal volume: score?', ['0.4', '0.7', '1.0', '0.3'], 1, '0.4 + 0.3 + 0 = 0.7.'),
      q('reversal-2', 'A bullish candidate is confirmed when…', ['The next close is above the pattern high', 'Volume rises', 'RSI > 50', 'It is a doji'], 0, 'Confirmation is close-based.'),
      q('reversal-3', 'The volume term needs volume of at least…', ['1.0×', '1.5×', '2×', '3×'], 1, '≥ 1.5 × the 20-bar average.'),
    ],
  },
  {
    id: 'wyckoff-phases',
    layer: L,
    title: 'Wyckoff phases',
    level: 'advanced',
    summary: 'Accumulation and distribution in five phases A–E.',
    explanation:
      'A stops the prior trend (PS, SC, AR, ST), B builds the cause, C tests it (Spring or UTAD), D trends ' +
      'inside the range (SOS/LPS or SOW/LPSY), E trends out of it.',
    detection:
      'Events by the Wyckoff heuristics; vector W1: PS 10, SC 13, AR 16, ST 19, Spring 24, SOS 28, LPS 29.',
    pitfalls: ['Phases are only known in hindsight for B; live readings carry a confidence.'],
    example: { kind: 'volume', symbol: 'IWM' },
    // prettier-ignore
    questions: [
      q('wyckoff-phases-1', 'Which phase holds the Spring?', ['A', 'B', 'C', 'E'], 2, 'Phase C tests the range.'),
      q('wyckoff-phases-2', 'Phase A contains…', ['PS, SC, AR, ST', 'SOS, LPS', 'Spring', 'UTAD'], 0, 'Stopping the prior trend.'),
      q('wyckoff-phases-3', 'A selling climax at bar 13 (L 23.6, C 24.6), then an automatic rally to H 27.05; a spring later dips to 23.3. The support is…', ['23.6 (SC low)', '27.05', '24.6', '23.3'], 0, 'Support = the SC low.'),
    ],
  },
  {
    id: 'wyckoff-climax',
    layer: L,
    title: 'Selling climax and spring',
    level: 'advanced',
    summary: 'Climactic volume at a low, and the shakeout below support.',
    explanation:
      'The selling climax is panic selling absorbed by strong hands; the spring briefly breaks support and ' +
      'closes back above it on lower volume.',
    detection:
      'SC: C[i−1] < C[i−10], lowest low of 20 bars, V ≥ 2·avgV, range ≥ 1.5·avgR, (C−L)/range ≥ 0.4. Spring: ' +
      'L < support, C ≥ support, L ≥ support − avgR(SC), V < V(SC).',
    pitfalls: ['avgV and avgR are the 10 bars before the tested bar, excluding it.'],
    example: { kind: 'volume', symbol: 'SPY' },
    // prettier-ignore
    questions: [
      q('wyckoff-climax-1', 'The SC needs volume of at least…', ['1.5 × avgV', '2 × avgV', '3 × avgV', 'any'], 1, 'V ≥ 2·avgV.'),
      q('wyckoff-climax-2', 'A selling climax has H 25.0, L 23.6, C 24.6. It closes at position…', ['0.4', '0.714286', '0.5', '1.0'], 1, '(24.6 − 23.6) / 1.4.'),
      q('wyckoff-climax-3', 'A spring closes…', ['Below support', 'Back at or above support', 'Above resistance', 'At the SC low'], 1, 'C ≥ support after L < support.'),
    ],
  },
]
