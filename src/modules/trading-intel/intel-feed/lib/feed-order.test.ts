import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  alertOrSignal,
  compareFeed,
  encodePosition,
  isAfter,
  mergeFeed,
  oneLine,
  parsePosition,
  type FeedItem,
} from './feed-order.ts'
import { sseComment, sseEvent, sseRetry } from '../../../../platform/http/sse.ts'

const at = (iso: string) => new Date(iso)
const item = (id: string, created: string, extra: Partial<FeedItem> = {}): FeedItem => ({
  id,
  tag: 'SIGNAL',
  symbol: 'AAPL',
  text: id,
  confidence: 0.5,
  source: 'test',
  created_at: at(created),
  ...extra,
})

describe('alertOrSignal', () => {
  it('is ALERT from 0.80 exactly, SIGNAL just below and without a confidence', () => {
    assert.equal(alertOrSignal(0.8), 'ALERT')
    assert.equal(alertOrSignal(1), 'ALERT')
    assert.equal(alertOrSignal(0.7999), 'SIGNAL')
    assert.equal(alertOrSignal(0), 'SIGNAL')
    assert.equal(alertOrSignal(null), 'SIGNAL')
  })
})

describe('feed order', () => {
  it('is newest first; ties by id descending with numeric parts as numbers', () => {
    const t = '2026-11-24T15:00:00.000Z'
    const ids = ['signal:9', 'signal:10', 'flow:100', 'news:b', 'news:a', 'signal:123']
    const sorted = ids
      .map((id) => ({ at: at(t), id }))
      .concat([{ at: at('2026-11-24T15:00:00.001Z'), id: 'flow:1' }])
      .sort(compareFeed)
      .map((p) => p.id)
    assert.deepEqual(sorted, [
      'flow:1',
      'signal:123',
      'signal:10',
      'signal:9',
      'news:b',
      'news:a',
      'flow:100',
    ])
  })

  it('isAfter: strictly newer than a position, never the position itself', () => {
    const pos = { at: at('2026-11-24T15:00:00.000Z'), id: 'signal:10' }
    assert.equal(isAfter({ at: pos.at, id: 'signal:10' }, pos), false)
    assert.equal(isAfter({ at: pos.at, id: 'signal:11' }, pos), true)
    assert.equal(isAfter({ at: pos.at, id: 'signal:9' }, pos), false)
    assert.equal(isAfter({ at: at('2026-11-24T15:00:00.001Z'), id: 'flow:1' }, pos), true)
    // An empty id (a stream that started with nothing in the feed) is before every item of its instant.
    assert.equal(isAfter({ at: pos.at, id: 'flow:1' }, { at: pos.at, id: '' }), true)
  })

  it('mergeFeed filters by since (inclusive), tag and symbol (case-insensitive) and cuts at limit', () => {
    const a = [item('signal:3', '2026-11-24T15:03:00Z'), item('signal:1', '2026-11-24T15:00:00Z')]
    const b = [
      item('flow:2', '2026-11-24T15:02:00Z', { tag: 'FLOW', symbol: 'MSFT' }),
      item('flow:1', '2026-11-24T14:59:59.999Z', { tag: 'FLOW' }),
    ]
    const since = at('2026-11-24T15:00:00Z')
    assert.deepEqual(
      mergeFeed([a, b], { since, limit: 10 }).map((i) => i.id),
      ['signal:3', 'flow:2', 'signal:1'],
    )
    assert.deepEqual(
      mergeFeed([a, b], { since, limit: 2 }).map((i) => i.id),
      ['signal:3', 'flow:2'],
    )
    assert.deepEqual(
      mergeFeed([a, b], { since, limit: 10, tag: 'FLOW' }).map((i) => i.id),
      ['flow:2'],
    )
    assert.deepEqual(
      mergeFeed([a, b], { since, limit: 10, symbol: 'msft' }).map((i) => i.id),
      ['flow:2'],
    )
  })
})

describe('positions (stream event ids)', () => {
  it('round-trips and refuses what this feed did not write', () => {
    const p = { at: at('2026-11-24T15:30:00.000Z'), id: 'news:sim-1d82' }
    assert.equal(encodePosition(p), '2026-11-24T15:30:00.000Z/news:sim-1d82')
    assert.deepEqual(parsePosition(encodePosition(p)), p)
    for (const bad of [
      undefined,
      '',
      '42',
      '2026-11-24T15:30:00Z/signal:1', // not our millisecond form
      '2026-02-30T15:30:00.000Z/signal:1', // no such day
      '2026-11-24T15:30:00.000Z/',
      '2026-11-24T15:30:00.000Z/SIGNAL:1',
      '2026-11-24T15:30:00.000Z/signal:\u0001',
    ])
      assert.equal(parsePosition(bad), null, String(bad))
  })
})

describe('wire helpers', () => {
  it('formats events, comments and retry as WHATWG lines', () => {
    assert.equal(
      sseEvent({ id: 'x/1', event: 'item', data: { a: 1 } }),
      'id: x/1\nevent: item\ndata: {"a":1}\n\n',
    )
    assert.equal(sseEvent({ data: 'a\nb' }), 'data: "a\\nb"\n\n')
    assert.equal(sseComment('heart\nbeat'), ': heart beat\n\n')
    assert.equal(sseRetry(3000), 'retry: 3000\n\n')
    assert.equal(oneLine(' a\n\tb\u0000 c '), 'a b c')
  })
})
