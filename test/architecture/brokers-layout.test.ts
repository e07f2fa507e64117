/**
 * The brokers module and the broker providers read like the product: files named after the vendors,
 * each a documented kind (or pure code in a `lib/`), no value import cycles, nothing imported from
 * test/, and every file under 300 lines.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, normalize } from 'node:path'
import { describe, it } from 'node:test'

const ROOT = new URL('../../', import.meta.url).pathname
const FOLDERS = ['src/modules/brokers', 'src/providers/brokers']
const KINDS = ['routes', 'schemas', 'service', 'repository', 'tables', 'examples', 'sweep', 'job']

const files = FOLDERS.flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.ts'))
    .map((p) => `${dir}/${p}`),
)
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8')

/** Value imports (`import type` and all-`type` lists left out): file → the relative files it imports. */
const IMPORT = /^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+['"](\.{1,2}\/[^'"]+)['"]/gms
function valueImports(path: string): string[] {
  const out: string[] = []
  for (const [, typeOnly, names, spec] of text(path).matchAll(IMPORT)) {
    if (typeOnly) continue
    const list = names!.trim()
    if (list.startsWith('{')) {
      const items = list
        .slice(1, -1)
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
      if (items.length > 0 && items.every((x) => x.startsWith('type '))) continue
    }
    out.push(normalize(join(dirname(path), spec!)))
  }
  return out
}

/** The cycles of `graph`, each as the files on it (Tarjan's strongly connected components). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    for (let w = stack.pop(); ; w = stack.pop()) {
      component.push(w!)
      if (w === v) break
    }
    if (component.length > 1) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

describe('brokers layout', () => {
  it('no value import cycle among the brokers files (type-only imports aside)', () => {
    assert.deepEqual(cycles(new Map(files.map((f) => [f, valueImports(f)]))), [])
  })

  it('the cycle check sees a cycle of two and ignores a type-only way back', () => {
    assert.deepEqual(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', []],
        ]),
      ),
      [['a', 'b']],
    )
    assert.deepEqual(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
      [],
    )
  })

  it('nothing under these folders imports from test/', () => {
    const reaching = files.filter((f) =>
      valueImports(f)
        .concat(typeImports(f))
        .some((t) => t.startsWith('test/')),
    )
    assert.deepEqual(reaching, [])
  })

  it('files are named after the vendors, not broker A, broker B or the aggregator', () => {
    const old = files.filter((f) => !f.includes('/migrations/') && /brokera|brokerb|aggregator/.test(f))
    assert.deepEqual(old, [])
  })

  it("every file of the brokers module is <resource>.<kind>.ts, pure code in a lib/, or the module's entry", () => {
    const odd = files
      .filter((f) => f.startsWith('src/modules/brokers/'))
      .filter((f) => !f.endsWith('.test.ts') && !f.includes('/lib/') && !f.includes('/migrations/'))
      .filter((f) => f !== 'src/modules/brokers/index.ts')
      .filter((f) => !KINDS.includes(basename(f, '.ts').split('.').at(-1)!))
    assert.deepEqual(odd, [])
  })

  it('every file, tests included, is under 300 lines', () => {
    const long = [...files, ...testFiles()].filter((f) => text(f).split('\n').length > 301)
    assert.deepEqual(long, [])
  })
})

/** Every import, type-only included, as repository paths. */
function typeImports(path: string): string[] {
  return [...text(path).matchAll(IMPORT)].map(([, , , spec]) => normalize(join(dirname(path), spec!)))
}

/** The brokers' tests outside src/: the adapter tests and their kits. */
function testFiles(): string[] {
  const adapters = readdirSync(join(ROOT, 'test/providers/brokers')).map((f) => `test/providers/brokers/${f}`)
  return [...adapters, 'test/helpers/alpaca-test-kit.ts', 'test/helpers/schwab-test-kit.ts']
}
