/** validateSpec: the catalog rules as 422 field errors, and the normalised spec it returns. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { Compile } from 'typebox/compile'
import { FIELD_BY_ID, FIELDS } from './catalog.ts'
import { PRESETS } from './presets.ts'
import { DEFAULT_COLUMNS, ScreenSpecSchema, validateSpec, type ScreenSpec } from './spec.ts'

const bad = (input: unknown) => {
  const r = validateSpec(input as ScreenSpec)
  assert.ok('errors' in r, `expected errors for ${JSON.stringify(input)}`)
  return r.errors
}
const good = (input: unknown) => {
  const r = validateSpec(input as ScreenSpec)
  assert.ok('spec' in r, `expected a spec, got ${JSON.stringify(r)}`)
  return r.spec
}
const one = (c: unknown) => ({ filters: { all: [c] } })

describe('screener catalog', () => {
  it('has unique ids, and the crossable set is price, rsi_14, the SMAs and every dist_*', () => {
    assert.equal(FIELD_BY_ID.size, FIELDS.length)
    const crossable = FIELDS.filter((d) => d.crossable).map((d) => d.id)
    const expected = ['price', 'rsi_14', 'sma_20', 'sma_50', 'sma_200']
    expected.push(...FIELDS.filter((d) => d.id.startsWith('dist_')).map((d) => d.id))
    assert.deepEqual(crossable.sort(), expected.sort())
  })

  it('docs/screener.md has a row for every field (type and unit as in the catalog) and every preset', () => {
    const doc = readFileSync(new URL('../../../../../docs/screener.md', import.meta.url), 'utf8')
    const cells = (id: string) =>
      doc
        .split('\n')
        .find((l) => l.startsWith(`| \`${id}\``))
        ?.split('|')
        .map((c) => c.trim())
    for (const d of FIELDS) assert.deepEqual(cells(d.id)?.slice(2, 4), [d.type, d.unit ?? '—'], d.id)
    for (const p of PRESETS) assert.ok(cells(p.id), p.id)
  })
})

describe('validateSpec', () => {
  it('names an unknown field with the nearest catalog id as hint, at its place in the body', () => {
    const errors = bad({
      filters: {
        all: [{ field: 'price', op: 'gt', value: 1 }, { any: [{ field: 'marketcap', op: 'gt', value: 1 }] }],
      },
    })
    assert.deepEqual(errors, [
      {
        loc: ['body', 'filters', 'all', 1, 'any', 0, 'field'],
        msg: 'unknown field "marketcap"; did you mean market_cap?',
        type: 'screener.unknown_field',
        hint: 'market_cap',
      },
    ])
    assert.equal(bad({ filters: { all: [] }, sort: [{ field: 'rsi', dir: 'asc' }] })[0]!.hint, 'rsi_14')
    assert.deepEqual(bad({ filters: { all: [] }, columns: ['symbol', 'peratio'] })[0]!.loc, [
      'body',
      'columns',
      1,
    ])
  })

  it('names an unknown operator', () => {
    const [e] = bad(one({ field: 'price', op: 'above', value: 1 }))
    assert.equal(e!.type, 'screener.unknown_operator')
    assert.deepEqual(e!.loc, ['body', 'filters', 'all', 0, 'op'])
    assert.match(e!.msg, /"above"/)
  })

  it('refuses a value of the wrong type, and operators that do not fit the field type', () => {
    const cases: Array<[unknown, string]> = [
      [{ field: 'price', op: 'gt', value: 'cheap' }, 'value'],
      [{ field: 'price', op: 'gt', value: true }, 'value'],
      [{ field: 'sector', op: 'eq', value: 5 }, 'value'],
      [{ field: 'held', op: 'eq', value: 'yes' }, 'value'],
      [{ field: 'sector', op: 'gt', value: 'Energy' }, 'op'],
      [{ field: 'held', op: 'lt', value: true }, 'op'],
      [{ field: 'price', op: 'between', value: [1] }, 'value'],
      [{ field: 'price', op: 'in', value: [] }, 'value'],
      [{ field: 'price', op: 'gt', value: [1, 2] }, 'value'],
      [{ field: 'price', op: 'gt' }, 'value'],
      [{ field: 'price', op: 'is_null', value: 1 }, 'value'],
      [{ field: 'price', op: 'gt', value: { field: 'sector' } }, 'value'],
    ]
    for (const [c, where] of cases) {
      const [e] = bad(one(c))
      assert.equal(e!.type, 'screener.wrong_type', JSON.stringify(c))
      assert.equal(e!.loc[4], where, JSON.stringify(c))
    }
  })

  it('resolves unit suffixes that fit the unit and refuses those that do not', () => {
    const spec = good({
      filters: {
        all: [
          { field: 'market_cap', op: 'gt', value: '10B' },
          { field: 'volume', op: 'between', value: ['750K', '2.5M'] },
          { field: 'avg_volume', op: 'lt', value: '2T' },
          { field: 'dividend_yield', op: 'gte', value: '5%' },
          { field: 'pe', op: 'lt', value: '20' },
        ],
      },
    })
    assert.deepEqual(
      spec.filters.all!.map((c) => ('value' in c ? c.value : null)),
      [1e10, [750_000, 2_500_000], 2e12, 5, 20],
    )
    for (const [field, value] of [
      ['market_cap', '5%'],
      ['pe', '10B'],
      ['rsi_14', '30%'],
      ['dividend_yield', '3M'],
    ]) {
      const [e] = bad(one({ field, op: 'gt', value }))
      assert.equal(e!.type, 'screener.wrong_unit', `${field} ${value}`)
      assert.deepEqual(e!.loc, ['body', 'filters', 'all', 0, 'value'])
    }
    assert.equal(
      bad(one({ field: 'price', op: 'gt', value: { field: 'volume' } }))[0]!.type,
      'screener.wrong_unit',
    )
  })

  it('refuses crossing a field without a previous-session value, on either side', () => {
    assert.equal(
      bad(one({ field: 'volume', op: 'crosses_above', value: 1 }))[0]!.type,
      'screener.not_crossable',
    )
    const [e] = bad(one({ field: 'price', op: 'crosses_below', value: { field: 'high_52w' } }))
    assert.equal(e!.type, 'screener.not_crossable')
    assert.deepEqual(e!.loc, ['body', 'filters', 'all', 0, 'value', 'field'])
    good(one({ field: 'price', op: 'crosses_above', value: { field: 'sma_200', times: 1.05 } }))
  })

  it('canonicalises closed-set values and hints the nearest one', () => {
    const spec = good(one({ field: 'sector', op: 'in', value: ['energy', 'HEALTH CARE'] }))
    assert.deepEqual((spec.filters.all![0] as { value: unknown }).value, ['Energy', 'Health Care'])
    const [e] = bad(one({ field: 'sector', op: 'eq', value: 'technology' }))
    assert.equal(e!.type, 'screener.unknown_value')
    assert.equal(e!.hint, 'Information Technology')
    good(one({ field: 'industry', op: 'eq', value: 'Semiconductors' }))
  })

  it('enforces group shape, depth and size limits', () => {
    assert.equal(bad({ filters: { all: [], any: [] } })[0]!.type, 'screener.wrong_type')
    assert.equal(bad({})[0]!.loc.join('.'), 'body.filters')
    const deep = { all: [{ any: [{ all: [{ any: [{ all: [] }] }] }] }] }
    assert.equal(bad({ filters: deep })[0]!.type, 'screener.too_deep')
    good({ filters: deep.all[0]!.any[0] })
    const many = Array.from({ length: 51 }, () => ({ field: 'price', op: 'gt', value: 1 }))
    assert.equal(bad({ filters: { all: many } })[0]!.type, 'screener.too_many')
    assert.equal(bad({ filters: { all: [] }, limit: 501 })[0]!.loc.join('.'), 'body.limit')
    assert.equal(bad(one({ field: 'price', op: 'between', value: [10, 5] }))[0]!.type, 'screener.wrong_range')
  })

  it('fills defaults and reports every error at once, under a caller-chosen root', () => {
    const spec = good({ filters: { any: [] } })
    assert.deepEqual(spec, {
      filters: { any: [] },
      sort: [],
      limit: 50,
      offset: 0,
      columns: [...DEFAULT_COLUMNS],
      universe: 'all',
    })
    const r = validateSpec(
      {
        filters: {
          all: [
            { field: 'x', op: 'gt', value: 1 },
            { field: 'price', op: 'zz', value: 1 },
          ],
        },
      } as ScreenSpec,
      ['body', 'spec'],
    )
    assert.ok('errors' in r)
    assert.deepEqual(
      r.errors.map((e) => e.loc.join('.')),
      ['body.spec.filters.all.0.field', 'body.spec.filters.all.1.op'],
    )
  })

  it('ScreenSpecSchema accepts what validateSpec accepts, and nests groups', () => {
    const check = Compile(ScreenSpecSchema)
    const input = {
      filters: {
        all: [
          { field: 'price', op: 'gt', value: { field: 'sma_200', times: 1.05 } },
          { any: [{ field: 'sector', op: 'in', value: ['Energy'] }] },
        ],
      },
      sort: [{ field: 'price', dir: 'desc' }],
      limit: 10,
    }
    assert.equal(check.Check(input), true)
    assert.equal(check.Check({ ...input, limit: 0 }), false)
    good(input)
  })
})
