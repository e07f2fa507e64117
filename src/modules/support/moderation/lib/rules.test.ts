import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { applyRules, excerpt, normalise, RULES } from './rules.ts'

const ids = (text: string) => applyRules(text).map((h) => h.rule)

describe('moderation rules', () => {
  it('catches pump-and-dump wording, tickers with urgency and coordinated buying', () => {
    assert.deepEqual(ids('$GME to the moon'), ['pump.moon'])
    assert.deepEqual(ids('Buy now before it explodes!!'), ['pump.before_it_explodes'])
    assert.deepEqual(ids('Load up on XYZ before the price skyrockets'), ['pump.before_it_explodes'])
    assert.deepEqual(ids('This one is an easy 10x'), ['pump.multiplier'])
    assert.deepEqual(ids('$ACME hurry, last chance'), ['pump.ticker_urgency'])
    assert.deepEqual(ids('buy ABCD now, do not miss out'), ['pump.ticker_urgency'])
    assert.deepEqual(ids("Everyone buy at 10:30 tomorrow, let's go"), ['pump.coordinated'])
    assert.deepEqual(ids('guaranteed 10x on $XYZ'), ['pump.multiplier', 'returns.guaranteed'])
  })

  it('catches guaranteed-return claims', () => {
    assert.deepEqual(ids('Guaranteed returns of 20% every month'), [
      'returns.guaranteed',
      'returns.fixed_rate',
    ])
    assert.deepEqual(ids('profits are guaranteed'), ['returns.guaranteed'])
    assert.deepEqual(ids('a risk-free trade, you can’t lose'), ['returns.risk_free'])
    assert.deepEqual(ids('double your money in a week'), ['returns.fixed_rate'])
  })

  it('catches impersonation of the service or a broker', () => {
    assert.deepEqual(ids('Hello, I am from Sextant support, please confirm your password'), [
      'impersonation.service',
    ])
    assert.deepEqual(ids('Sextant admin here.'), ['impersonation.service'])
    assert.deepEqual(ids('I am an official Schwab agent'), ['impersonation.broker'])
    assert.deepEqual(ids('verified Fidelity representative'), ['impersonation.broker'])
    assert.deepEqual(ids('I work for Robinhood'), ['impersonation.broker'])
  })

  it('catches off-platform solicitation', () => {
    assert.deepEqual(ids('DM me on telegram for signals'), ['offplatform.messenger'])
    assert.deepEqual(ids('hit me up on WhatsApp'), ['offplatform.messenger'])
    assert.deepEqual(ids('join my VIP discord'), ['offplatform.messenger'])
    assert.deepEqual(ids('t.me/pumpgroup'), ['offplatform.messenger'])
    assert.deepEqual(ids('contact me: +1 (415) 555-0134'), ['offplatform.phone'])
    assert.deepEqual(ids('text me 4155550134'), ['offplatform.phone'])
    assert.deepEqual(ids('call me on 020 7946 0958'), ['offplatform.phone'])
    assert.deepEqual(ids('ring me, +44 20 7946 0958'), ['offplatform.phone'])
    assert.deepEqual(ids('email me at tips@example.com'), ['offplatform.email'])
  })

  it('catches threats and insults', () => {
    assert.deepEqual(ids("I'm going to find you"), ['harassment.threat'])
    assert.deepEqual(ids('just kys'), ['harassment.self_harm_incitement'])
    assert.deepEqual(ids("you're an idiot"), ['harassment.insult'])
  })

  it('leaves ordinary finance talk alone', () => {
    for (const text of [
      'I bought $AAPL today after earnings; thoughts on the guidance?',
      'Schwab support told me to reconnect the account.',
      'My portfolio returned 12% last year, not guaranteed to repeat of course',
      'Call option volume on MSFT doubled this week.',
      'Order 1234 5678 filled at 10:31',
      'The telegram style of the report is terse.',
      'Is there a risk in buying now?',
      'Please call me about my order from 2024-01-15',
      'Call me back re order 12345678',
      'Call me when 2024-01-15 2024-02-15 settles',
      'call me, the fill was 1,234.56 at 10:31',
    ])
      assert.deepEqual(ids(text), [], text)
  })

  it('sees through zero-width characters, curly apostrophes and spacing', () => {
    assert.deepEqual(ids('DM\u200b me   on\n telegram'), ['offplatform.messenger'])
    assert.equal(normalise(' a\u00adb \u2019 c '), "ab ' c")
  })

  it('cuts excerpts to 120 characters around the match and marks the cuts', () => {
    const text = `${'x'.repeat(200)} guaranteed returns ${'y'.repeat(200)}`
    const [hit] = applyRules(text)
    assert.ok(hit!.excerpt.startsWith('…') && hit!.excerpt.endsWith('…'))
    assert.ok(hit!.excerpt.includes('guaranteed returns'))
    assert.ok(hit!.excerpt.length <= 122)
    assert.equal(excerpt('short', 0, 5), 'short')
  })

  it('has unique rule ids and scores in [0, 1]', () => {
    assert.equal(new Set(RULES.map((r) => r.id)).size, RULES.length)
    for (const r of RULES) assert.ok(r.score > 0 && r.score <= 1, r.id)
  })
})
