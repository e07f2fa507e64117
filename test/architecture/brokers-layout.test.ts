/**
 * The brokers module and the broker providers read like the product: files named after the vendors
 * and every file, the adapter tests outside src/ included, under 300 lines. Cycles, imports of
 * test/ and file kinds are checked for all of src by imports.test.ts and module-files.test.ts.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'

const ROOT = new URL('../../', import.meta.url).pathname
const FOLDERS = ['src/modules/brokers', 'src/providers/brokers']

const files = FOLDERS.flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.ts'))
    .map((p) => `${dir}/${p}`),
)
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8')

/** The brokers' tests outside src/: the adapter tests and their kits. */
function testFiles(): string[] {
  const adapters = readdirSync(join(ROOT, 'test/providers/brokers')).map((f) => `test/providers/brokers/${f}`)
  return [...adapters, 'test/helpers/alpaca-test-kit.ts', 'test/helpers/schwab-test-kit.ts']
}

describe('brokers layout', () => {
  it('files are named after the vendors, not broker A, broker B or the aggregator', () => {
    const old = files.filter((f) => !f.includes('/migrations/') && /brokera|brokerb|aggregator/.test(f))
    assert.deepEqual(old, [])
  })

  it('every file, tests included, is under 300 lines', () => {
    const long = [...files, ...testFiles()].filter((f) => text(f).split('\n').length > 301)
    assert.deepEqual(long, [])
  })
})
