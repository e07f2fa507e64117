import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createIds, pooledRandom } from './ids.ts'

describe('ids', () => {
  it('pooledRandom gives every value of [0, 1) in steps of 1/256, across pool refills', () => {
    const next = pooledRandom(64)
    const counts = new Array<number>(32).fill(0)
    for (let i = 0; i < 64 * 500; i++) {
      const x = next()
      assert.ok(x >= 0 && x < 1 && Number.isInteger(x * 256), String(x))
      counts[Math.floor(x * 32)]!++
    }
    // 1,000 expected per base32 character; a stuck or biased pool lands far outside this band.
    for (const c of counts) assert.ok(c > 800 && c < 1200, `counts ${counts.join(',')}`)
  })

  it('ulid: 26 base32 characters, strictly increasing within one millisecond and across them', () => {
    let ms = Date.UTC(2026, 10, 25, 9)
    const ids = createIds({ now: () => new Date(ms) })
    const seen: string[] = []
    for (let i = 0; i < 1000; i++) {
      if (i % 100 === 0) ms++
      seen.push(ids.ulid())
    }
    for (const id of seen) assert.match(id, /^[0-9A-HJKMNP-TV-Z]{26}$/)
    assert.deepEqual([...seen].sort(), seen)
    assert.equal(new Set(seen).size, seen.length)
  })
})
