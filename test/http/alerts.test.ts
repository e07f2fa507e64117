/**
 * /api/alerts through HTTP: the capabilities, the prefs document (upsert by rule_id, deletion of the
 * rules left out, a 422 naming each bad path, the plan's cap) and the delivery trace's parameters.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SETUPS } from '../../src/modules/trading-intel/intraday/index.ts'
import { FLOW_DIRECTIONS } from '../../src/modules/trading-intel/options-flow/index.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { alertsWorld, rule } from './alerts-fixtures.ts'

const { clock, market } = alertsWorld()
const t = useTestApp({ clock, providers: { market } })

describe('GET /api/alerts/capabilities', () => {
  it('lists every type with its parameters, the channels, frequencies and the caps of the plan', async () => {
    const u = await t.newTenant()
    const res = await u.get('/api/alerts/capabilities')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual(
      body.types.map((x: { type: string }) => x.type),
      [
        'price_above',
        'price_below',
        'percent_move',
        'intraday_signal',
        'options_flow',
        'earnings_upcoming',
        'insider_purchase',
        'drawdown_breach',
        'screen_membership',
        'watchlist_move',
      ],
    )
    const param = (type: string, name: string) =>
      body.types
        .find((x: { type: string }) => x.type === type)
        .params.find((p: { name: string }) => p.name === name)
    assert.deepEqual(param('percent_move', 'percent'), {
      name: 'percent',
      type: 'number',
      unit: 'percent',
      min: 0.1,
      max: 100,
      required: true,
      description: 'Day move (2.5 = 2.5 %), at most 4 decimals',
    })
    assert.deepEqual(param('intraday_signal', 'setups').values, [...SETUPS])
    assert.deepEqual(param('options_flow', 'directions').values, [...FLOW_DIRECTIONS])
    assert.deepEqual(param('screen_membership', 'on').values, ['gain', 'loss', 'both'])
    assert.deepEqual(body.channels, ['in_app', 'email', 'web_push', 'mobile_push'])
    assert.deepEqual(
      body.frequencies.map((f: { frequency: string }) => f.frequency),
      ['once', 'once_per_session', 'every_time'],
    )
    assert.deepEqual(body.caps, {
      plan: 'free',
      rules: 10,
      rules_by_plan: { free: 10, pro: 200, premium: 1000 },
      per_channel_per_day: { in_app: null, email: 20, web_push: 50, mobile_push: 50 },
    })
    assert.equal(
      json((await (await t.newTenant({ plan: 'pro' })).get('/api/alerts/capabilities')).body).caps.rules,
      200,
    )
  })

  it('needs a session', async () => {
    for (const path of ['/api/alerts/capabilities', '/api/alerts/prefs', '/api/alerts/deliveries'])
      assert.equal((await t.anon.get(path)).statusCode, 401)
  })
})

describe('GET and PUT /api/alerts/prefs', () => {
  it('stores the document normalised; a rule_id updates, a rule left out is deleted', async () => {
    const u = await t.newTenant()
    const empty = json((await u.get('/api/alerts/prefs')).body)
    assert.deepEqual(empty, { quiet_hours: null, rules: [], limits: { rules: 10, rules_used: 0 } })
    const qh = { enabled: true, start: '22:00', end: '07:00', time_zone: 'Europe/Paris' }
    const first = await u.put('/api/alerts/prefs', {
      quiet_hours: qh,
      rules: [
        rule({ params: { symbol: 'aapl', threshold: '187.250' } }),
        rule({ alert_type: 'percent_move', params: { symbol: 'MSFT', percent: 2.5 } }),
      ],
    })
    assert.equal(first.statusCode, 200, first.body)
    const doc = json(first.body)
    assert.deepEqual(doc.quiet_hours, qh)
    assert.deepEqual(
      doc.rules.map((r: { params: unknown }) => r.params),
      [
        { symbol: 'AAPL', threshold: '187.25' },
        { symbol: 'MSFT', percent: 2.5, direction: 'either' },
      ],
    )
    assert.deepEqual(json((await u.get('/api/alerts/prefs')).body), doc)
    const [a, b] = doc.rules
    const second = json(
      (
        await u.put('/api/alerts/prefs', {
          rules: [
            { ...rule({ params: { symbol: 'AAPL', threshold: 190 } }), rule_id: a.rule_id, enabled: false },
          ],
        })
      ).body,
    )
    assert.deepEqual(second.quiet_hours, qh, 'quiet_hours left out are kept')
    assert.equal(second.rules.length, 1)
    assert.equal(second.rules[0].rule_id, a.rule_id)
    assert.deepEqual(second.rules[0].params, { symbol: 'AAPL', threshold: '190' })
    assert.equal(second.rules[0].enabled, false)
    assert.ok(!second.rules.some((r: { rule_id: number }) => r.rule_id === b.rule_id))
    assert.equal(
      json((await u.put('/api/alerts/prefs', { quiet_hours: null, rules: [] })).body).quiet_hours,
      null,
    )
  })

  it('each problem is a 422 naming its path', async () => {
    const u = await t.newTenant()
    const put = (r: unknown, extra: object = {}) => u.put('/api/alerts/prefs', { rules: [r], ...extra })
    assertFieldError(await put(rule({ alert_type: 'price_sideways' })), ['body', 'rules', 0, 'alert_type'])
    assertFieldError(await put(rule({ channels: ['in_app', 'pigeon'] })), ['body', 'rules', 0, 'channels', 1])
    assertFieldError(await put(rule({ frequency: 'hourly' })), ['body', 'rules', 0, 'frequency'])
    const pm = { alert_type: 'percent_move' }
    assertFieldError(
      await put(rule({ ...pm, params: { symbol: 'MSFT', percent: 150 } })),
      ['body', 'rules', 0, 'params', 'percent'],
      'range_error',
    )
    assertFieldError(
      await put(rule({ ...pm, params: { symbol: 'MSFT', percent: 'two' } })),
      ['body', 'rules', 0, 'params', 'percent'],
      'type_error',
    )
    assertFieldError(
      await put(rule({ params: { symbol: 'AAPL', threshold: 'lots' } })),
      ['body', 'rules', 0, 'params', 'threshold'],
      'type_error',
    )
    assertFieldError(
      await put(rule({ params: { symbol: 'AAPL' } })),
      ['body', 'rules', 0, 'params', 'threshold'],
      'missing',
    )
    assertFieldError(
      await put(rule({ params: { symbol: 'AAPL', threshold: 1, colour: 'red' } })),
      ['body', 'rules', 0, 'params', 'colour'],
      'unknown_param',
    )
    assertFieldError(
      await put(rule({ params: { symbol: 'ZZZZQ', threshold: 1 } })),
      ['body', 'rules', 0, 'params', 'symbol'],
      'unknown_symbol',
    )
    const screen = { alert_type: 'screen_membership', params: { saved_screen_id: 999_999 } }
    assertFieldError(
      await put(rule(screen)),
      ['body', 'rules', 0, 'params', 'saved_screen_id'],
      'unknown_saved_screen',
    )
    const wl = { alert_type: 'watchlist_move', params: { list_name: 'tech', percent: 3 } }
    assertFieldError(await put(rule(wl)), ['body', 'rules', 0, 'params', 'list_name'], 'unknown_watchlist')
    const bad = { enabled: true, start: '22:00', end: '07:00', time_zone: 'Mars/Olympus' }
    assertFieldError(
      await put(rule(), { quiet_hours: bad }),
      ['body', 'quiet_hours', 'time_zone'],
      'unknown_time_zone',
    )
    assertFieldError(await put(rule(), { quiet_hours: { ...bad, time_zone: 'UTC', start: '25:00' } }), [
      'body',
      'quiet_hours',
      'start',
    ])
    assert.equal(json((await u.get('/api/alerts/prefs')).body).rules.length, 0, 'nothing was written')
  })

  it('another user’s rule_id, or a rule_id given twice → 422 naming it', async () => {
    const a = await t.newTenant()
    const colleague = await t.newUser(a.tenantId)
    const stranger = await t.newTenant()
    const theirs = json((await colleague.put('/api/alerts/prefs', { rules: [rule()] })).body).rules[0].rule_id
    for (const other of [a, stranger]) {
      const res = await other.put('/api/alerts/prefs', { rules: [{ ...rule(), rule_id: theirs }] })
      assertFieldError(res, ['body', 'rules', 0, 'rule_id'], 'unknown_rule')
    }
    assert.equal(
      json((await colleague.get('/api/alerts/prefs')).body).rules.length,
      1,
      'their rule is untouched',
    )
    const mine = json((await a.put('/api/alerts/prefs', { rules: [rule()] })).body).rules[0].rule_id
    const twice = await a.put('/api/alerts/prefs', {
      rules: [
        { ...rule(), rule_id: mine },
        { ...rule(), rule_id: mine },
      ],
    })
    assertFieldError(twice, ['body', 'rules', 1, 'rule_id'], 'duplicate')
  })

  it('more rules than the plan allows → 422 alerts.cap_exceeded naming the limit', async () => {
    const u = await t.newTenant()
    const ten = Array.from({ length: 10 }, () => rule())
    assert.equal((await u.put('/api/alerts/prefs', { rules: ten })).statusCode, 200)
    const body = assertProblem(
      await u.put('/api/alerts/prefs', { rules: [...ten, rule()] }),
      422,
      'alerts.cap_exceeded',
    )
    assert.equal(body.limit, 'alerts')
    assert.equal(body.allowed, 10)
    assert.deepEqual(body.errors[0].loc, ['body', 'rules'])
    const pro = await t.newTenant({ plan: 'pro' })
    assert.equal((await pro.put('/api/alerts/prefs', { rules: [...ten, rule()] })).statusCode, 200)
  })
})

describe('GET /api/alerts/deliveries parameters', () => {
  it('limit 1–200 and a known alert_type, else 422', async () => {
    const u = await t.newTenant()
    assert.deepEqual(json((await u.get('/api/alerts/deliveries?limit=200&alert_type=price_above')).body), {
      items: [],
    })
    assertFieldError(await u.get('/api/alerts/deliveries?limit=0'), ['query', 'limit'])
    assertFieldError(await u.get('/api/alerts/deliveries?limit=201'), ['query', 'limit'])
    assertFieldError(await u.get('/api/alerts/deliveries?alert_type=price_sideways'), ['query', 'alert_type'])
  })
})
