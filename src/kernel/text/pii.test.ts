import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ibanValid, luhnValid, redactPii } from './pii.ts'

// Published test numbers: card networks' documented test cards and the IBAN registry's examples.
const CARDS = [
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '4012888888881881',
  '6011111111111117',
]
const IBANS = [
  'GB82WEST12345698765432',
  'DE89370400440532013000',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
]

describe('luhnValid and ibanValid', () => {
  it('accept the published test numbers', () => {
    for (const c of CARDS) assert.ok(luhnValid(c), c)
    for (const i of IBANS) assert.ok(ibanValid(i), i)
    assert.ok(ibanValid('GB82 WEST 1234 5698 7654 32'))
  })
  it('refuse a changed digit', () => {
    assert.equal(luhnValid('4111111111111112'), false)
    assert.equal(luhnValid('5555555555554445'), false)
    assert.equal(ibanValid('GB82WEST12345698765433'), false)
    assert.equal(ibanValid('DE88370400440532013000'), false)
    assert.equal(ibanValid('XX00'), false)
  })
})

describe('redactPii', () => {
  const red = (s: string) => redactPii(s).text

  it('e-mail addresses', () => {
    assert.equal(red('Write to ann.lee+alerts@mail.example.co.uk, please.'), 'Write to [email], please.')
    assert.equal(red('a@b.io and C.D@Example.COM'), '[email] and [email]')
    assert.deepEqual(redactPii('x a@b.io y c@d.org').found, [{ kind: 'email', count: 2 }])
    assert.equal(red('the @ sign and user@localhost stay'), 'the @ sign and user@localhost stay')
  })

  it('phone numbers, international and North American', () => {
    for (const p of [
      '+44 20 7946 0958',
      '+33 1 23 45 67 89',
      '+49-30-1234567',
      '+1 (415) 555-2671',
      '+15551234567',
      '(555) 123-4567',
      '555-123-4567',
      '555.123.4567',
      '1-800-555-0199',
    ])
      assert.equal(red(`call ${p} today`), 'call [phone] today', p)
  })

  it('card numbers only when the Luhn check passes', () => {
    for (const c of CARDS) assert.equal(red(`card ${c} ok`), 'card [card] ok', c)
    assert.equal(red('4111 1111 1111 1111'), '[card]')
    assert.equal(red('4111-1111-1111-1111'), '[card]')
    assert.equal(red('order 4111111111111112 shipped'), 'order 4111111111111112 shipped')
    assert.equal(red('ref 1234 5678 9012 3456'), 'ref 1234 5678 9012 3456') // fails Luhn
    assert.deepEqual(redactPii('4111111111111111').found, [{ kind: 'card', count: 1 }])
  })

  it('IBANs only with a valid mod-97 check, whole or in groups of four', () => {
    for (const i of IBANS) assert.equal(red(`pay to ${i}.`), 'pay to [iban].', i)
    assert.equal(red('IBAN GB82 WEST 1234 5698 7654 32 and more'), 'IBAN [iban] and more')
    assert.equal(red('IBAN GB82WEST12345698765433'), 'IBAN GB82WEST12345698765433')
  })

  it('account numbers of 8–17 digits after account words, keeping the words', () => {
    assert.equal(red('my account number: 12345678901'), 'my account number: [account]')
    assert.equal(red('Acct # 00123456'), 'Acct # [account]')
    assert.equal(red('routing 021000021'), 'routing [account]')
    assert.equal(red('account no. 1234-5678-90'), 'account no. [account]')
    assert.equal(red('account 1234567'), 'account 1234567') // 7 digits
    assert.equal(red('account 123456789012345678'), 'account 123456789012345678') // 18 digits
    assert.equal(red('order 12345678 and invoice 987654321'), 'order 12345678 and invoice 987654321')
  })

  it('leaves dates, times, prices, amounts, order ids and tickers alone', () => {
    for (const s of [
      'On 2024-01-15 at 10:30 the price was 1,234.56 USD.',
      'Order 1234567890 filled 300 shares at $187.25 (total $56,175.00).',
      'Between 2023-12-31 and 2024-03-31 the return was 12.5%.',
      'The id is 9876543210123 and the year 2026.',
      'Call option AAPL 2026-01-16 200 C',
      'Version 1.2.3.4 and 10.0.0.1',
      '12/25/2024, 25.12.2024',
    ])
      assert.deepEqual(redactPii(s), { text: s, found: [] }, s)
  })

  it('counts each kind, in a fixed order', () => {
    const r = redactPii(
      'a@b.io, +44 20 7946 0958, 4111111111111111, DE89370400440532013000, acct 12345678, c@d.io',
    )
    assert.equal(r.text, '[email], [phone], [card], [iban], acct [account], [email]')
    assert.deepEqual(r.found, [
      { kind: 'email', count: 2 },
      { kind: 'phone', count: 1 },
      { kind: 'card', count: 1 },
      { kind: 'iban', count: 1 },
      { kind: 'account_number', count: 1 },
    ])
  })
})
