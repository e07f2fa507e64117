/**
 * The OAuth `state`: issue/read round trip, its payload, the ten-minute expiry to the millisecond,
 * and every problem readState can name. Signed with the real SecretCipher.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createCipher, generateKey } from '../../../../platform/crypto.ts'
import {
  issueState,
  readState,
  returnPathOf,
  STATE_PURPOSE,
  STATE_TTL_SECONDS,
  type StatePayload,
} from './oauth-state.ts'

const cipher = createCipher(generateKey())
const ISSUED = new Date('2026-03-06T21:00:00.000Z')
const ISSUED_S = ISSUED.getTime() / 1000
const FLOW = { tenantId: 42, userId: 7, broker: 'brokera', nonce: 'n-3f9c2a' }
const at = (ms: number) => new Date(ISSUED.getTime() + ms)
const b64 = (s: string) => Buffer.from(s).toString('base64url')
/** A state whose body is exactly `body`, correctly signed: only its content can be wrong. */
const signed = (body: string, purpose = STATE_PURPOSE) => `${body}.${cipher.mac(purpose, body)}`
/** `s` with its character at `i` replaced by another base64url character. */
const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`
const problem = (state: string | undefined, now = ISSUED) => {
  const r = readState(cipher, state, now)
  return r.ok ? 'ok' : r.problem
}

describe('oauth state: issue and read', () => {
  it('round-trips: what was issued reads back as the same payload', () => {
    const { state, payload } = issueState(cipher, FLOW, ISSUED)
    assert.deepEqual(readState(cipher, state, at(1_000)), { ok: true, payload })
    assert.deepEqual(readState(createCipher(generateKey()), state, ISSUED), {
      ok: false,
      problem: 'tampered',
    })
  })

  it('carries tenant, user, broker, nonce and the expiry in epoch seconds, signed for its purpose', () => {
    const { state, payload } = issueState(cipher, FLOW, ISSUED)
    const expected: StatePayload = { t: 42, u: 7, b: 'brokera', n: 'n-3f9c2a', e: ISSUED_S + 600 }
    assert.deepEqual(payload, expected)
    assert.equal(STATE_TTL_SECONDS, 600)
    const [body, tag, ...rest] = state.split('.')
    assert.deepEqual(rest, [])
    assert.match(state, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    assert.deepEqual(JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')), expected)
    assert.equal(tag, cipher.mac(STATE_PURPOSE, body!))
    assert.equal(STATE_PURPOSE, 'broker-oauth-state')
  })

  it('gives different states for different nonces or flows', () => {
    const a = issueState(cipher, FLOW, ISSUED).state
    assert.equal(issueState(cipher, FLOW, ISSUED).state, a, 'deterministic for the same input')
    assert.notEqual(issueState(cipher, { ...FLOW, nonce: 'other' }, ISSUED).state, a)
    assert.notEqual(issueState(cipher, { ...FLOW, tenantId: 43 }, ISSUED).state, a)
    assert.notEqual(issueState(cipher, FLOW, at(1_000)).state, a)
  })

  it('is valid up to 599.999 s after issue and expired from exactly 600 s', () => {
    const { state } = issueState(cipher, FLOW, ISSUED)
    assert.equal(problem(state, at(0)), 'ok')
    assert.equal(problem(state, at(599_999)), 'ok')
    assert.equal(problem(state, at(600_000)), 'expired')
    assert.equal(problem(state, at(600_001)), 'expired')
    assert.equal(problem(state, at(86_400_000)), 'expired')
  })

  it('counts the ten minutes from the whole second of issue (never longer than 600 s)', () => {
    const { state, payload } = issueState(cipher, FLOW, at(750))
    assert.equal(payload.e, ISSUED_S + 600)
    assert.equal(problem(state, at(599_999)), 'ok')
    assert.equal(problem(state, at(600_000)), 'expired')
  })
})

describe('oauth state: problems', () => {
  const { state } = issueState(cipher, FLOW, ISSUED)
  const [body, tag] = state.split('.') as [string, string]

  it('missing: undefined or empty', () => {
    assert.deepEqual(readState(cipher, undefined, ISSUED), { ok: false, problem: 'missing' })
    assert.deepEqual(readState(cipher, '', ISSUED), { ok: false, problem: 'missing' })
  })

  it('malformed: not two non-empty dot-separated parts', () => {
    for (const s of [
      body,
      tag,
      `${body}${tag}`,
      `${state}.${tag}`,
      `${body}.${tag}.`,
      '.',
      `${body}.`,
      `.${tag}`,
    ])
      assert.equal(problem(s), 'malformed', s)
  })

  it('malformed: a correctly signed body that is not base64url JSON of a payload', () => {
    const payload = { t: 1, u: 2, b: 'brokera', n: 'x', e: ISSUED_S + 600 }
    assert.equal(problem(signed(b64(JSON.stringify(payload)))), 'ok', 'the control is valid')
    const junk = [
      '!!!!',
      '*',
      b64('not json'),
      b64('{"t":1'),
      b64('null'),
      b64('[]'),
      b64('42'),
      b64('"text"'),
      b64(JSON.stringify({ ...payload, t: '1' })),
      b64(JSON.stringify({ ...payload, u: 1.5 })),
      b64(JSON.stringify({ ...payload, e: null })),
      b64(JSON.stringify({ ...payload, e: 2 ** 53 })),
      b64(JSON.stringify({ ...payload, b: 7 })),
      b64(JSON.stringify({ t: 1, u: 2, b: 'brokera', e: ISSUED_S + 600 })),
    ]
    for (const j of junk)
      assert.equal(problem(signed(j)), 'malformed', Buffer.from(j, 'base64url').toString())
  })

  it('tampered: body changed, tag changed or truncated, signed by another key', () => {
    const other = issueState(cipher, { ...FLOW, tenantId: 43 }, ISSUED).state.split('.')[0]!
    const forged = issueState(createCipher(generateKey()), FLOW, ISSUED).state
    for (const s of [
      `${other}.${tag}`,
      `${flip(body, 5)}.${tag}`,
      `${body}x.${tag}`,
      `${body}.${flip(tag, 0)}`,
      `${body}.${tag.slice(0, -1)}`,
      `${body}.${tag}A`,
      `${body}.${Buffer.from(tag, 'base64url').toString('base64')}`,
      forged,
    ])
      assert.equal(problem(s), 'tampered', s)
  })

  it('checks the signature before the shape or the expiry', () => {
    assert.equal(problem(`${b64('not json')}.${tag}`), 'tampered')
    assert.equal(problem(`${body}.${flip(tag, 0)}`, at(3_600_000)), 'tampered')
  })

  it('a MAC made for another purpose does not verify', () => {
    for (const purpose of ['other-purpose', `${STATE_PURPOSE} `, 'broker-oauth-stat', ''])
      assert.equal(problem(signed(body, purpose)), 'tampered', purpose)
    assert.equal(cipher.verifyMac('other-purpose', body, tag), false)
    assert.equal(cipher.verifyMac(STATE_PURPOSE, body, tag), true)
  })
})

describe('oauth state: the console return path', () => {
  it('is signed into the payload when given, and read back only from a genuine state (expired or not)', () => {
    const { state, payload } = issueState(cipher, { ...FLOW, returnTo: '/app/brokers' }, ISSUED)
    assert.equal(payload.r, '/app/brokers')
    assert.deepEqual(readState(cipher, state, ISSUED), { ok: true, payload })
    assert.equal(returnPathOf(cipher, state), '/app/brokers')
    assert.equal(problem(state, at(600_000)), 'expired')
    assert.equal(returnPathOf(cipher, state), '/app/brokers', 'an expired flow still returns to the console')
    assert.equal(returnPathOf(cipher, issueState(cipher, FLOW, ISSUED).state), undefined)
    assert.equal(returnPathOf(createCipher(generateKey()), state), undefined, 'another key')
    const [body, tag] = state.split('.') as [string, string]
    const other = b64(JSON.stringify({ ...payload, r: 'https://evil.example/' }))
    assert.equal(returnPathOf(cipher, `${other}.${tag}`), undefined, 'a rewritten body')
    for (const junk of [undefined, 42, '', 'x', `${body}.${tag}.x`])
      assert.equal(returnPathOf(cipher, junk), undefined)
    assert.equal(problem(signed(b64(JSON.stringify({ ...payload, r: 7 })))), 'malformed')
  })
})
