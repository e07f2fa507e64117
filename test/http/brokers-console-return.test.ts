/**
 * A connect flow the web console starts comes back to it: auth-url (or the aggregator's connect) with
 * `return_to`, the sandbox's consent approved or refused, and the callback answers 303 to that console
 * path with `?connected=<broker_type>` or `?error=<problem code>`. Only console paths are accepted, and
 * a flow started without `return_to` (an API client) keeps its JSON answers.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** auth-url with `query`, then the sandbox's consent form answered: where the vendor sends the browser. */
async function consent(u: Client, broker: 'brokera' | 'brokerb', decision: string, query = '') {
  const res = await u.get(`/api/${broker}/auth-url${query}`)
  assert.equal(res.statusCode, 200, res.body)
  const target = new URL(json(res).url as string)
  const answered = await t.anon.inject({
    method: 'POST',
    url: target.pathname + target.search,
    headers: FORM,
    payload: `decision=${decision}`,
  })
  assert.equal(answered.statusCode, 302, answered.body)
  const back = new URL(String(answered.headers['location']))
  assert.equal(back.pathname, `/api/${broker}/connect`)
  return back.pathname + back.search
}

const RETURN = '?return_to=%2Fapp%2Fbrokers'

describe('broker connect flows started from the console', () => {
  it('broker A: the callback sends the browser back to the console, connected', async () => {
    const u = await t.newTenant()
    const callback = await consent(u, 'brokera', 'allow', RETURN)
    const res = await u.get(callback)
    assert.equal(res.statusCode, 303, res.body)
    assert.equal(res.headers['location'], '/app/brokers?connected=brokera')
    assert.equal(res.body, '')
    assert.equal(json(await u.get('/api/brokera/status')).connected, true)
    // The state was spent: the same callback again goes back with the state's problem code.
    const again = await u.get(callback)
    assert.equal(again.statusCode, 303)
    assert.equal(again.headers['location'], '/app/brokers?error=broker.state_reused')
  })

  it('broker A: a refused consent goes back with broker.authorization_denied; an API client still gets its 422', async () => {
    const u = await t.newTenant()
    const refused = await u.get(await consent(u, 'brokera', 'deny', RETURN))
    assert.equal(refused.statusCode, 303, refused.body)
    assert.equal(refused.headers['location'], '/app/brokers?error=broker.authorization_denied')
    assert.equal(json(await u.get('/api/brokera/status')).connected, false)

    const api = await u.get(await consent(u, 'brokera', 'deny'))
    assertFieldError(api, ['query', 'code'])
  })

  it('a state that is not genuine answers JSON even when it claims a return path', async () => {
    const u = await t.newTenant()
    const callback = new URL(await consent(u, 'brokera', 'allow', RETURN), 'http://x')
    const state = callback.searchParams.get('state')!
    callback.searchParams.set('state', state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA'))
    assertProblem(await u.get(callback.pathname + callback.search), 422, 'broker.state_tampered')
  })

  it('broker B: back to the console, connected', async () => {
    const u = await t.newTenant()
    const res = await u.get(await consent(u, 'brokerb', 'allow', '?return_to=/app/brokers/'))
    assert.equal(res.statusCode, 303, res.body)
    assert.equal(res.headers['location'], '/app/brokers/?connected=brokerb')
    assert.equal(json(await u.get('/api/brokerb/status')).connected, true)
  })

  it('accepts only console paths as return_to (422 naming it)', async () => {
    const u = await t.newTenant()
    for (const bad of [
      'https://evil.example/app/brokers',
      '//evil.example/app',
      '/app/../api/brokers',
      '/app//evil.example',
      '/api/brokera/status',
      '/app/brokers?x=1',
      '/application',
    ]) {
      const res = await u.get(`/api/brokera/auth-url?return_to=${encodeURIComponent(bad)}`)
      assertFieldError(res, ['query', 'return_to'])
      const agg = await u.post('/api/brokers/aggregator/connect', { broker: 'ALPACA', return_to: bad })
      assertFieldError(agg, ['body', 'return_to'])
    }
  })
})

describe('aggregator connect flows started from the console', () => {
  /** POST connect with return_to, the sandbox portal answered: the callback URL. */
  async function portal(u: Client, decision: string) {
    const res = await u.post('/api/brokers/aggregator/connect', {
      broker: 'ALPACA',
      return_to: '/app/brokers',
    })
    assert.equal(res.statusCode, 200, res.body)
    const link = new URL(json(res).redirect_url as string)
    const back = await t.anon.inject({
      method: 'POST',
      url: link.pathname,
      headers: FORM,
      payload: new URLSearchParams({
        decision,
        broker: 'ALPACA',
        token: link.searchParams.get('token')!,
      }).toString(),
    })
    assert.equal(back.statusCode, 302, back.body)
    const to = new URL(String(back.headers['location']))
    return to.pathname + to.search
  }

  it('connects and goes back to the console; a cancelled portal goes back with its code', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const cancelled = await u.get(await portal(u, 'deny'))
    assert.equal(cancelled.statusCode, 303, cancelled.body)
    assert.equal(cancelled.headers['location'], '/app/brokers?error=broker.portal_not_completed')

    const res = await u.get(await portal(u, 'allow'))
    assert.equal(res.statusCode, 303, res.body)
    assert.equal(res.headers['location'], '/app/brokers?connected=aggregator')
    await t.c.jobs.drain()
    assert.equal(json(await u.get('/api/brokers/aggregator/status')).connected, true)
    assert.equal(json(await u.get('/api/brokers/aggregator/accounts')).items.length, 1)
  })
})
