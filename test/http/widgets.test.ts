/**
 * Dashboard widgets over HTTP: the effective rows and the precedence of their layers (default, the
 * user's choice, the plan floor, the tenant policy), partial changes, reset, moves that keep the
 * positions a permutation, unknown widgets, invalid input, and isolation between users and tenants.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { WIDGETS } from '../../src/modules/workspace/widgets/index.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { type Client, useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()
const URL = '/api/widgets/visibility'

async function rows(u: Client): Promise<Body[]> {
  const res = await u.get(URL)
  assert.equal(res.statusCode, 200, res.body)
  return json(res).items as Body[]
}
const rowOf = async (u: Client, id: string) => (await rows(u)).find((r) => r.widget_id === id)!
const order = async (u: Client) => (await rows(u)).map((r) => r.widget_id as string)
const defaultOrder = [...WIDGETS].sort((a, b) => a.default_position - b.default_position).map((w) => w.id)

/** A user and an administrator of the same tenant. */
async function tenantWithAdmin(plan: string) {
  const user = await t.newTenant({ plan })
  const admin = await t.newUser(user.tenantId, { role: 'admin' })
  return { user, admin }
}

describe('GET /api/widgets/visibility', () => {
  it('lists every registry widget by default position, visible by its default, source "default"', async () => {
    const u = await t.newTenant({ plan: 'premium' })
    const res = await u.get(URL)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.plan, 'premium')
    assert.deepEqual(
      body.items.map((r: Body) => [r.widget_id, r.position, r.visible, r.source, r.reason, r.collapsed]),
      defaultOrder.map((id, i) => [
        id,
        i,
        WIDGETS.find((w) => w.id === id)!.default_visible,
        'default',
        null,
        false,
      ]),
    )
    assert.ok(
      WIDGETS.some((w) => !w.default_visible),
      'at least one widget starts hidden',
    )
    assert.equal((await t.anon.get(URL)).statusCode, 401)
  })

  it('names plan floors that are plans of the catalogue, at least one above the cheapest', async () => {
    const plans = json(await t.anon.get('/api/plans?page_size=100')).items as Body[]
    const rank = new Map(plans.map((p) => [p.code as string, p.rank as number]))
    const lowest = Math.min(...rank.values())
    for (const w of WIDGETS) assert.ok(rank.has(w.plan_floor), `${w.id}: ${w.plan_floor}`)
    assert.ok(WIDGETS.some((w) => rank.get(w.plan_floor)! > lowest))
  })
})

describe('precedence: default → user → plan → tenant policy', () => {
  it('a user choice beats the default; an admin policy beats the user; clearing it gives the choice back', async () => {
    const { user, admin } = await tenantWithAdmin('pro')
    const hidden = WIDGETS.find((w) => !w.default_visible && w.plan_floor === 'free')!
    assert.deepEqual(await rowOf(user, hidden.id).then((r) => [r.visible, r.source]), [false, 'default'])

    const put = await user.put(`${URL}/${hidden.id}`, { visible: true })
    assert.equal(put.statusCode, 200, put.body)
    assert.deepEqual([json(put).visible, json(put).source, json(put).reason], [true, 'user', null])

    const pol = await admin.put(`/api/admin/widgets/policy/${hidden.id}`, {
      enabled: false,
      note: 'Not for us',
    })
    assert.equal(pol.statusCode, 200, pol.body)
    assert.deepEqual([json(pol).enabled, json(pol).note], [false, 'Not for us'])
    const r = await rowOf(user, hidden.id)
    assert.deepEqual(
      [r.visible, r.source, r.reason, r.note],
      [false, 'policy', 'disabled_by_admin', 'Not for us'],
    )
    // The user's choice is kept underneath and cannot override the policy.
    const again = await user.put(`${URL}/${hidden.id}`, { visible: true })
    assert.deepEqual([json(again).visible, json(again).source], [false, 'policy'])

    assert.equal((await admin.delete(`/api/admin/widgets/policy/${hidden.id}`)).statusCode, 204)
    assert.deepEqual(await rowOf(user, hidden.id).then((r) => [r.visible, r.source, r.note]), [
      true,
      'user',
      null,
    ])
  })

  it('a widget above the plan is hidden with the plan it needs, whatever the user or a forcing policy says', async () => {
    const { user, admin } = await tenantWithAdmin('free')
    const paid = WIDGETS.find((w) => w.plan_floor !== 'free')!
    const r = await rowOf(user, paid.id)
    assert.deepEqual(
      [r.visible, r.source, r.reason, r.required_plan, r.required_plan_name],
      [false, 'plan', 'plan', paid.plan_floor, 'Pro'],
    )
    const put = await user.put(`${URL}/${paid.id}`, { visible: true })
    assert.deepEqual([json(put).visible, json(put).source], [false, 'plan'])
    await admin.put(`/api/admin/widgets/policy/${paid.id}`, { enabled: true, forced_visible: true })
    assert.deepEqual(await rowOf(user, paid.id).then((x) => [x.visible, x.source]), [false, 'plan'])
    // Disabled by the admin: the policy is named first, even above the plan.
    await admin.put(`/api/admin/widgets/policy/${paid.id}`, { enabled: false })
    assert.deepEqual(await rowOf(user, paid.id).then((x) => [x.source, x.reason]), [
      'policy',
      'disabled_by_admin',
    ])
    // The same widget on the plan that includes it follows the user.
    const pro = await t.newTenant({ plan: paid.plan_floor })
    await pro.put(`${URL}/${paid.id}`, { visible: false })
    assert.deepEqual(await rowOf(pro, paid.id).then((x) => [x.visible, x.source]), [false, 'user'])
  })

  it('a forcing policy shows a widget the user hid; forcing a disabled widget is 422', async () => {
    const { user, admin } = await tenantWithAdmin('free')
    await user.put(`${URL}/headline`, { visible: false })
    assert.deepEqual(await rowOf(user, 'headline').then((x) => [x.visible, x.source]), [false, 'user'])
    const pol = await admin.put('/api/admin/widgets/policy/headline', { enabled: true, forced_visible: true })
    assert.equal(pol.statusCode, 200, pol.body)
    const r = await rowOf(user, 'headline')
    assert.deepEqual([r.visible, r.source, r.reason], [true, 'policy', 'required_by_admin'])
    const bad = await admin.put('/api/admin/widgets/policy/headline', {
      enabled: false,
      forced_visible: true,
    })
    assertFieldError(bad, ['body', 'forced_visible'])
  })
})

describe('PUT, DELETE and PATCH of one widget', () => {
  it('PUT changes only the fields given; DELETE brings every default back', async () => {
    const u = await t.newTenant()
    const first = await rowOf(u, 'value_chart')
    const a = json(await u.put(`${URL}/value_chart`, { collapsed: true }))
    assert.deepEqual([a.collapsed, a.visible, a.source], [true, true, 'default'])
    const b = json(await u.put(`${URL}/value_chart`, { visible: false }))
    assert.deepEqual([b.collapsed, b.visible, b.source], [true, false, 'user'], 'collapsed kept')
    const c = json(await u.patch(`${URL}/value_chart/collapsed`, { collapsed: false }))
    assert.deepEqual([c.collapsed, c.visible], [false, false], 'visible kept')
    const d = json(await u.put(`${URL}/value_chart`, { position: 5, collapsed: true }))
    assert.deepEqual([d.position, d.collapsed, d.visible], [5, true, false])

    const del = await u.delete(`${URL}/value_chart`)
    assert.equal(del.statusCode, 204, del.body)
    assert.equal(del.body, '')
    assert.deepEqual(await rowOf(u, 'value_chart'), first)
    assert.equal((await u.delete(`${URL}/value_chart`)).statusCode, 204, 'nothing left to drop: still 204')
  })

  it('moving renumbers the others so positions stay 0…n−1; a reset widget asks for its default place', async () => {
    const u = await t.newTenant({ plan: 'premium' })
    const expected = [...defaultOrder]
    const move = (id: string, p: number) => {
      expected.splice(expected.indexOf(id), 1)
      expected.splice(p, 0, id)
    }
    const last = defaultOrder.at(-1)!
    const res = await u.patch(`${URL}/${last}/position`, { position: 0 })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res).position, 0)
    move(last, 0)
    assert.deepEqual(await order(u), expected)
    await u.patch(`${URL}/headline/position`, { position: 5 })
    move('headline', 5)
    assert.deepEqual(await order(u), expected)
    const all = await rows(u)
    assert.deepEqual(
      all.map((r) => r.position),
      all.map((_, i) => i),
    )
    // Reset the first one moved: back to its default place (the last), the others keep their order.
    assert.equal((await u.delete(`${URL}/${last}`)).statusCode, 204)
    expected.splice(expected.indexOf(last), 1)
    expected.push(last)
    assert.deepEqual(await order(u), expected)
  })

  it('an unknown widget is 404 widgets.unknown_widget on every operation', async () => {
    const u = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    assertProblem(await u.put(`${URL}/stock_ticker`, { visible: true }), 404, 'widgets.unknown_widget')
    assertProblem(await u.delete(`${URL}/stock_ticker`), 404, 'widgets.unknown_widget')
    assertProblem(
      await u.patch(`${URL}/stock_ticker/collapsed`, { collapsed: true }),
      404,
      'widgets.unknown_widget',
    )
    assertProblem(
      await u.patch(`${URL}/stock_ticker/position`, { position: 1 }),
      404,
      'widgets.unknown_widget',
    )
    assertProblem(
      await admin.put('/api/admin/widgets/policy/stock_ticker', { enabled: false }),
      404,
      'widgets.unknown_widget',
    )
    assertProblem(await admin.delete('/api/admin/widgets/policy/stock_ticker'), 404, 'widgets.unknown_widget')
  })

  it('refuses an empty or unknown body field, a bad type, a position out of range and a malformed id (422)', async () => {
    const u = await t.newTenant()
    const last = WIDGETS.length - 1
    assertProblem(await u.put(`${URL}/headline`, {}), 422, 'validation.failed')
    assertProblem(await u.put(`${URL}/headline`, { hidden: true }), 422, 'validation.failed')
    assertFieldError(await u.put(`${URL}/headline`, { visible: 'yes' }), ['body', 'visible'])
    assertFieldError(await u.patch(`${URL}/headline/collapsed`, {}), ['body', 'collapsed'])
    assertFieldError(await u.patch(`${URL}/headline/position`, { position: -1 }), ['body', 'position'])
    assertFieldError(await u.patch(`${URL}/headline/position`, { position: last + 1 }), ['body', 'position'])
    assertFieldError(await u.patch(`${URL}/headline/position`, { position: 1.5 }), ['body', 'position'])
    assertFieldError(await u.delete(`${URL}/Head-Line`), ['path', 'widget_id'])
    assert.equal((await u.patch(`${URL}/headline/position`, { position: last })).statusCode, 200)
    assert.deepEqual(
      (await rows(u)).map((r) => [r.widget_id, r.collapsed]).filter(([, c]) => c),
      [],
      'nothing refused was stored',
    )
  })
})

describe('isolation', () => {
  it('one user’s choices are theirs alone; a tenant’s policy is its own; admin routes are for admins', async () => {
    const { user, admin } = await tenantWithAdmin('pro')
    const colleague = await t.newUser(user.tenantId)
    const stranger = await t.newTenant({ plan: 'pro' })
    const before = await rows(stranger)
    await user.put(`${URL}/intel_feed`, { visible: false, collapsed: true, position: 0 })
    assert.deepEqual(await rows(stranger), before, 'another tenant unchanged')
    assert.deepEqual(await rows(colleague), before, 'a colleague unchanged')

    await admin.put('/api/admin/widgets/policy/allocation_sector', { enabled: false })
    assert.equal(
      (await rowOf(colleague, 'allocation_sector')).reason,
      'disabled_by_admin',
      'the whole tenant',
    )
    assert.deepEqual(await rows(stranger), before, 'not another tenant')
    const own = json(await admin.get('/api/admin/widgets/policy'))
    assert.equal(own.tenant_id, user.tenantId)
    assert.equal(own.items.find((p: Body) => p.widget_id === 'allocation_sector').enabled, false)
    assert.equal(own.items.length, WIDGETS.length)

    assertProblem(await user.get('/api/admin/widgets/policy'), 403, 'auth.admin_required')
    assert.equal((await user.put('/api/admin/widgets/policy/headline', { enabled: false })).statusCode, 403)
    assert.equal((await user.delete('/api/admin/widgets/policy/headline')).statusCode, 403)
    assert.equal((await t.anon.get('/api/admin/widgets/policy')).statusCode, 401)

    // An administrator may name another tenant; an unknown tenant is 404.
    const set = await admin.put(`/api/admin/widgets/policy/headline?tenant_id=${stranger.tenantId}`, {
      enabled: false,
    })
    assert.equal(set.statusCode, 200, set.body)
    assert.equal((await rowOf(stranger, 'headline')).reason, 'disabled_by_admin')
    assert.equal((await rowOf(user, 'headline')).source, 'default', 'not the admin’s own tenant')
    assertProblem(
      await admin.get('/api/admin/widgets/policy?tenant_id=999999999'),
      404,
      'widgets.tenant_not_found',
    )
  })
})
