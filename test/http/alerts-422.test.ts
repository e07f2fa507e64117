/**
 * Every 422 of /api/alerts names what is wrong: the OpenAPI fuzz's schema-valid and hostile requests
 * of each alerts operation, plus documents whose shape is valid and whose contents are not (random
 * rule params of every type), each answer under 500, and each 422 a problem with `errors`, every
 * error's `loc` starting at the part of the request (body, query) — and, for a JSON object, naming
 * the field below it (`["body", "rules", 0, "params", "percent"]`).
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import { draftOf, hostileDrafts, render, type FuzzRequest } from '../helpers/fuzz-requests.ts'
import { operations } from '../helpers/openapi.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { alertsWorld } from './alerts-fixtures.ts'

const { clock, market } = alertsWorld()
const t = useTestApp({ clock, providers: { market }, env: { RATE_LIMIT_ENABLED: 'false' } })
const SEED = 20261129

const TYPES = ['price_above', 'percent_move', 'intraday_signal', 'options_flow', 'earnings_upcoming']
const LEVELS = ['insider_purchase', 'drawdown_breach', 'screen_membership', 'watchlist_move', 'price_below']
const PARAM_VALUES = [
  fc.constant(undefined),
  fc.integer({ min: -5, max: 2_000_000_000 }),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('AAPL', 'zzzzq', '187.255', '1e3', '-1', 'holdings', 'symbol', 'gain', 'up'),
  fc.array(fc.constantFrom('orb', 'gap', 'nope', 'CALL_DOMINANCE'), { maxLength: 3 }),
  fc.constant(null),
]
const NAMES = ['symbol', 'threshold', 'percent', 'direction', 'target', 'setups', 'directions', 'days']
const MORE = ['min_value', 'saved_screen_id', 'on', 'list_name', 'colour']
/** A rule document of the right shape with parameters drawn from plausible and wrong values. */
const ruleDoc = fc.record({
  alert_type: fc.constantFrom(...TYPES, ...LEVELS),
  params: fc.dictionary(fc.constantFrom(...NAMES, ...MORE), fc.oneof(...PARAM_VALUES), { maxKeys: 4 }),
  channels: fc.constantFrom(['in_app'], ['email', 'web_push'], ['in_app', 'mobile_push']),
  frequency: fc.constantFrom('once', 'once_per_session', 'every_time'),
})
const quietHours = fc.record({
  enabled: fc.boolean(),
  start: fc.constantFrom('22:00', '24:00', '7:5', '07:00', 'ab:cd'),
  end: fc.constantFrom('07:00', '22:00', '99:99'),
  time_zone: fc.constantFrom('Europe/Paris', 'Mars/Olympus', 'UTC', 'EST5EDT'),
})

const LOC_ROOTS = new Set(['body', 'query', 'path', 'header'])

it('every 422 of /api/alerts names the path of each problem', async (ctx) => {
  const u = await t.newTenant()
  const auth = { authorization: `Bearer ${u.token}` }
  const ops = (await operations(t.app)).filter((o) => o.path.startsWith('/api/alerts/') && o.auth === 'user')
  assert.ok(ops.some((o) => o.method === 'PUT' && o.path === '/api/alerts/prefs'))
  const requests: FuzzRequest[] = []
  for (const op of ops) {
    const drafts = fc.sample(draftOf(op, { symbol: 'AAPL' }), { seed: SEED, numRuns: 10 })
    requests.push(...drafts.map((d, i) => render(op, `valid#${i}`, d, auth)))
    requests.push(...hostileDrafts(op, drafts[0]!).map(([variant, d]) => render(op, variant, d, auth)))
  }
  const docs = fc.sample(
    fc.record({
      rules: fc.array(ruleDoc, { minLength: 1, maxLength: 3 }),
      quiet_hours: fc.option(quietHours),
    }),
    { seed: SEED, numRuns: 150 },
  )
  for (const [i, doc] of docs.entries())
    requests.push({
      variant: `doc#${i}`,
      method: 'PUT',
      url: '/api/alerts/prefs',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify(doc),
    })

  const findings: string[] = []
  let unprocessable = 0
  const kinds = new Set<string>()
  for (const req of requests) {
    const res = await t.app.inject({
      method: req.method as 'PUT',
      url: req.url,
      headers: req.headers,
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    })
    const at = `${req.method} ${req.url} ${req.variant} ${req.payload?.slice(0, 300) ?? ''} → ${res.body.slice(0, 300)}`
    if (res.statusCode >= 500) findings.push(`${res.statusCode}: ${at}`)
    if (res.statusCode !== 422) continue
    unprocessable++
    const body = JSON.parse(res.body) as { code?: string; detail?: string; errors?: { loc?: unknown[] }[] }
    if (!body.errors?.length) findings.push(`422 without errors: ${at}`)
    // A document that parses to an object is wrong in a field: its loc goes below the body.
    const depth = req.variant.startsWith('doc#') ? 2 : 1
    for (const e of body.errors ?? []) kinds.add(String((e as { type?: unknown }).type))
    for (const e of body.errors ?? [])
      if (!Array.isArray(e.loc) || e.loc.length < depth || !LOC_ROOTS.has(String(e.loc[0])))
        findings.push(`422 error without a path (${JSON.stringify(e)}): ${at}`)
    if (!body.detail) findings.push(`422 without detail: ${at}`)
  }
  assert.ok(unprocessable > 100, `${unprocessable} of ${requests.length} answers were 422`)
  ctx.diagnostic(
    `${requests.length} requests, ${unprocessable} answered 422; kinds: ${[...kinds].sort().join(', ')}`,
  )
  assert.deepEqual(findings, [])
})
