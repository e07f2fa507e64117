import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { filterText, HOLD_MARGIN, HOLD_WINDOW, segmentEnd, StreamingFilter } from './output-filter.ts'
import { NEUTRAL_SENTENCE } from './output-rules.ts'

/** A small seeded generator (mulberry32), so every run tries the same chunkings. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `text` streamed through a StreamingFilter in random chunks of 1..max characters. */
function streamed(
  text: string,
  random: () => number,
  max: number,
): { outs: string[]; filter: StreamingFilter } {
  const filter = new StreamingFilter()
  const outs: string[] = []
  for (let i = 0; i < text.length;) {
    const n = 1 + Math.floor(random() * max)
    outs.push(filter.push(text.slice(i, i + n)))
    i += n
  }
  outs.push(filter.end())
  return { outs, filter }
}

const FORBIDDEN = [
  /you should (?:definitely )?buy/i,
  /I recommend buying/i,
  /sk-[A-Za-z0-9]{10}/,
  /eyJ[A-Za-z0-9_-]{5}/,
  /a\.lee@example\.com/,
  /4111 1111 1111 1111/,
  /PRIVATE KEY/,
  /Bearer [A-Za-z0-9]{6}/,
]

const words = (n: number, w = 'lorem') => Array.from({ length: n }, (_, i) => `${w}${i % 10}`).join(' ')

const TEXTS = [
  'Alerts fire when a price crosses your level. Given your goals, you should definitely buy NVDA before earnings! Ask me anything else.',
  'I recommend buying the dip.\nYour key is sk-abcdefghijklmnop1234 and the token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijkl works.',
  'Contact a.lee@example.com or 4111 1111 1111 1111. Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123 ok.',
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END RSA PRIVATE KEY-----\nDone.',
  // No sentence end for a long stretch: forced cuts, with phrases placed around them.
  `${words(40)} you should buy ${words(60)} I recommend buying ${words(50)} a.lee@example.com ${words(70)}`,
  `${words(55, 'ab')} you should definitely buy it ${words(90, 'cd')}`,
  `${'x'.repeat(900)} you should buy now`,
  '',
  'Just text without any end',
]

describe('filterText', () => {
  it('replaces personalised advice from its trigger to the end of the sentence, keeping the rest', () => {
    const r = filterText(
      'Screens help you research. Given your age, you should buy TSLA and hold it! Anything else?',
    )
    assert.equal(r.text, `Screens help you research. Given your age, ${NEUTRAL_SENTENCE}! Anything else?`)
    assert.deepEqual(r.reasons, ['personalised_advice'])
    assert.equal(r.filtered, true)
    for (const s of [
      'I recommend buying AAPL.',
      "I'd suggest that you sell everything.",
      'My recommendation is to buy gold.',
      'Buy TSLA now.',
      'Your price target is $250.',
      'NVDA will reach $300 soon.',
      'Now is a great time to invest.',
      'Put 20% of your portfolio in bonds.',
      'You might want to go short here.',
      'You should\tload up on energy names.',
      'You should get out of tech before it drops.',
    ])
      assert.equal(filterText(s).text, `${NEUTRAL_SENTENCE}.`, s)
  })

  it('keeps feature explanations that only resemble advice', () => {
    for (const s of [
      'You can buy a stock through your broker; Sextant does not place orders.',
      'The alert fires when the price is at or above your threshold.',
      'You should verify your e-mail address first.',
      'You should see the new rule under Alerts.',
      'Backtests show how a strategy would have performed.',
      'buy signals and sell signals are both listed.',
    ])
      assert.deepEqual(filterText(s), { text: s, filtered: false, reasons: [] }, s)
  })

  it('redacts personal data and removes secrets', () => {
    const r = filterText(
      'Mail a.lee@example.com. Key sk-proj-abcdefghijklmnopqrstuv, api_key=9f86d081884c7d659a2feaa0c55ad015 and Bearer abcdefghijklmnop1234.',
    )
    assert.equal(
      r.text,
      'Mail [email]. Key [secret removed], api_key=[secret removed] and Bearer [secret removed].',
    )
    assert.deepEqual(r.reasons, [
      'pii:email',
      'secret:api_key',
      'secret:assigned_secret',
      'secret:bearer_token',
    ])
    const pem = filterText(
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----\n',
    )
    assert.equal(pem.text, '[secret removed]\n[secret removed]\n[secret removed]\n')
    const jwt = filterText(
      'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    )
    assert.equal(jwt.text, 'token [secret removed]')
    assert.equal(
      filterText('Your Sextant key sxk_12.Ab3dEf6hIj9kLm2nOp5qRs8tUv').text,
      'Your Sextant key [secret removed]',
    )
  })
})

describe('StreamingFilter', () => {
  it('holds text until a sentence end followed by a space, or a line break', () => {
    const f = new StreamingFilter()
    assert.equal(f.push('Alerts fire when'), '')
    assert.equal(f.push(' the price crosses.'), '') // the next character decides
    assert.equal(f.push(' Then'), 'Alerts fire when the price crosses. ')
    assert.equal(f.push(' it is sent\nand'), 'Then it is sent\n')
    assert.equal(f.end(), 'and')
    assert.equal(f.filtered, false)
  })

  it('releases a long stretch without a boundary at the window, keeping the margin held', () => {
    const f = new StreamingFilter()
    const text = words(70) // 419 characters, no sentence end
    const out = f.push(text)
    assert.ok(out.length > 0 && out.length <= HOLD_WINDOW - HOLD_MARGIN, `released ${out.length}`)
    assert.ok(out.endsWith(' '))
    assert.equal(out + f.end(), text)
    const g = new StreamingFilter()
    const long = words(200)
    const released = g.push(long)
    const held = long.length - released.length
    assert.ok(held >= HOLD_MARGIN && held < HOLD_WINDOW, `held ${held}`)
    assert.equal(released + g.end(), long)
  })

  it('never cuts a forced segment inside an advice phrase, wherever the phrase falls', () => {
    for (let pad = 200; pad < 420; pad += 3) {
      const text = `${'w '.repeat(pad / 2)}you should definitely buy it ${words(80)}`
      const whole = filterText(text).text
      assert.doesNotMatch(whole, /should definitely buy/, `pad ${pad}`)
      assert.ok(whole.includes(NEUTRAL_SENTENCE))
    }
  })

  it('joins back to filterText(whole) and never releases a forbidden phrase, over random chunkings', () => {
    const random = rng(31)
    for (const text of TEXTS) {
      const expected = filterText(text)
      for (const f of FORBIDDEN)
        assert.doesNotMatch(expected.text, f, `${f} in filterText of ${text.slice(0, 40)}`)
      for (let run = 0; run < 150; run++) {
        const { outs, filter } = streamed(text, random, 1 + (run % 40))
        assert.equal(outs.join(''), expected.text)
        assert.equal(filter.filtered, expected.filtered)
        for (const out of outs) for (const f of FORBIDDEN) assert.doesNotMatch(out, f)
      }
    }
  })

  it('segments by the text alone: every segment end is the same however much text follows', () => {
    const text = TEXTS[4]!
    for (let from = 0, end: number | null; from < text.length; from = end) {
      end = segmentEnd(text, from, true)!
      for (let cut = from + 1; cut < text.length; cut += 7) {
        const partial = segmentEnd(text.slice(0, cut), from, false)
        if (partial !== null) assert.equal(partial, end, `from ${from} with ${cut} characters`)
      }
    }
  })
})
