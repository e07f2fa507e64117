import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { effectiveOrder, effectiveRows, moveTo, type UserOverride } from './effective.ts'
import type { WidgetDef } from './registry.ts'

const w = (id: string, pos: number, floor: 'free' | 'pro' = 'free', visible = true): WidgetDef => ({
  id,
  title: id,
  description: id,
  default_visible: visible,
  default_position: pos,
  plan_floor: floor,
})
const WS = [w('a', 0), w('b', 1, 'free', false), w('c', 2, 'pro'), w('d', 3)]
const ranks = new Map([
  ['free', { rank: 0, name: 'Free' }],
  ['pro', { rank: 1, name: 'Pro' }],
])
const o = (widget_id: string, v: Partial<UserOverride>): UserOverride => ({
  widget_id,
  visible: null,
  collapsed: null,
  position: null,
  ...v,
})

describe('effectiveRows', () => {
  it('applies policy, then plan, then forced, then the user, then the default', () => {
    const rows = effectiveRows({
      widgets: WS,
      overrides: [
        o('a', { visible: false }),
        o('b', { visible: true }),
        o('c', { visible: true }),
        o('d', {}),
      ],
      policies: [{ widget_id: 'a', enabled: true, forced_visible: true, note: 'always' }],
      plan: 'free',
      ranks,
    })
    assert.deepEqual(
      rows.map((r) => [r.widget_id, r.visible, r.source, r.reason, r.required_plan_name]),
      [
        ['a', true, 'policy', 'required_by_admin', null],
        ['b', true, 'user', null, null],
        ['c', false, 'plan', 'plan', 'Pro'],
        ['d', true, 'default', null, null],
      ],
    )
  })

  it('an unknown caller plan ranks below every floor', () => {
    const rows = effectiveRows({ widgets: WS, overrides: [], policies: [], plan: 'legacy', ranks })
    assert.ok(rows.every((r) => r.source === 'plan'))
  })
})

describe('order', () => {
  it('sorts by the asked position, ties by default position, and moves renumber', () => {
    const overrides = new Map([['d', o('d', { position: 1 })]])
    // d asks 1 and b's default is 1: the tie goes to the lower default position (b).
    assert.deepEqual(effectiveOrder(WS, overrides), ['a', 'b', 'd', 'c'])
    assert.deepEqual(moveTo(['a', 'b', 'c', 'd'], 'd', 0), ['d', 'a', 'b', 'c'])
    assert.deepEqual(moveTo(['a', 'b', 'c', 'd'], 'a', 2), ['b', 'c', 'a', 'd'])
    assert.deepEqual(moveTo(['a', 'b', 'c', 'd'], 'b', 99), ['a', 'c', 'd', 'b'])
  })
})
