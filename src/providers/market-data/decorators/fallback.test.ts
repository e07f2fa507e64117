import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { UpstreamServerError, UpstreamNetworkError } from '../../../platform/upstream-errors.ts'
import { withFallback } from './fallback.ts'

interface Echo {
  readonly name: string
  say(x: string): Promise<string>
}

const calls: string[] = []
function vendor(name: string, fail?: () => Error): Echo {
  return {
    name,
    async say(x) {
      calls.push(name)
      if (fail) throw fail()
      return `${name}:${x}`
    },
  }
}
const down = (name: string) => () => new UpstreamServerError('down', { provider: name, status: 503 })

describe('withFallback', () => {
  it('answers from the first vendor that does not fail upstream, in order', async () => {
    calls.length = 0
    const p = withFallback([vendor('a', down('a')), vendor('b'), vendor('c')])
    assert.equal(p.name, 'a>b>c')
    assert.equal(await p.say('hi'), 'b:hi')
    assert.deepEqual(calls, ['a', 'b'])
  })

  it('every vendor down: the last one’s error; a non-upstream error is not retried elsewhere', async () => {
    calls.length = 0
    const last = withFallback([
      vendor('a', down('a')),
      vendor('b', () => new UpstreamNetworkError('gone', { provider: 'b' })),
    ])
    await assert.rejects(last.say('x'), (e: unknown) => e instanceof UpstreamNetworkError)
    calls.length = 0
    const bug = withFallback([vendor('a', () => new RangeError('bad argument')), vendor('b')])
    await assert.rejects(bug.say('x'), RangeError)
    assert.deepEqual(calls, ['a'])
  })

  it('one vendor is itself', () => {
    const only = vendor('a')
    assert.equal(withFallback([only]), only)
  })
})
