/**
 * The import graph of src: production never loads test code, and no files load each other in a
 * circle (a value import cycle makes the order of loading decide what a file sees: a binding read
 * before its module ran is undefined, or a TDZ error).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cycles, importsUnder } from '../helpers/import-graph.ts'

const ROOT = new URL('../../', import.meta.url).pathname
const imports = importsUnder(ROOT, 'src')

describe('imports', () => {
  // Unit tests under src/ import only src/ too: a test that needs a fake server or a test helper
  // lives under test/ (test/providers/, test/modules/), so src/ stands on its own.
  it('no file of src, its unit tests included, imports from test/', () => {
    const intoTests = imports.filter((i) => i.to.startsWith('test/')).map((i) => `${i.from} → ${i.to}`)
    assert.deepEqual(intoTests, [])
  })

  it('no value import cycles among the files of src (type-only imports are erased)', () => {
    const found = cycles(imports.filter((i) => !i.typeOnly)).map((c) => c.join(' → '))
    assert.deepEqual(found, [])
  })

  it('the cycle check sees a cycle of two and nothing in a graph without one', () => {
    const edge = (from: string, to: string) => ({ from, to })
    assert.deepEqual(cycles([edge('a', 'b'), edge('b', 'a'), edge('c', 'a')]), [['a', 'b', 'a']])
    assert.deepEqual(cycles([edge('a', 'b'), edge('c', 'b')]), [])
  })
})
