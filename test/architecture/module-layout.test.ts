/**
 * The layout of src/modules: modules grouped by product area, one folder each, every one registered,
 * explained by a README, and reached by other modules only through its index.ts.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, it } from 'node:test'
import { modules } from '../../src/app/modules.ts'
import { moduleLayout, type ModuleFolder } from '../helpers/module-folders.ts'

const ROOT = new URL('../../', import.meta.url).pathname
const layout = moduleLayout(ROOT)
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g

/** The module a repository path belongs to, if any. */
const ownerOf = (path: string): ModuleFolder | undefined =>
  layout.modules.find((m) => path.startsWith(m.path))

/** `from → to` for every import of another module's file other than its index.ts. */
function boundaryBreaches(files: readonly { path: string; text: string }[]): string[] {
  const breaches: string[] = []
  for (const file of files) {
    const from = ownerOf(file.path)
    for (const [, spec] of file.text.matchAll(IMPORT)) {
      const target = normalize(join(dirname(file.path), spec!))
      const to = ownerOf(target)
      if (to && to !== from && target !== `${to.path}index.ts`) breaches.push(`${file.path} → ${target}`)
    }
  }
  return breaches
}

describe('module layout', () => {
  it('each registered module has one folder named after it, and each module folder is registered', () => {
    const names = layout.modules.map((m) => m.name).sort()
    assert.deepEqual(names, modules.map((m) => m.name).sort())
  })

  it('areas hold modules only, and every area and every module has a README', () => {
    for (const area of layout.areas) assert.ok(existsSync(join(ROOT, 'src/modules', area, 'README.md')), area)
    const bare = layout.modules.filter((m) => !existsSync(join(ROOT, m.path, 'README.md'))).map((m) => m.path)
    assert.deepEqual(bare, [], 'module folders without a README.md')
    for (const m of layout.modules.filter((x) => x.area))
      assert.ok(existsSync(join(ROOT, m.path, 'index.ts')), `${m.path} is in an area but has no index.ts`)
  })

  it("no source file reaches into another module's internals (only its index.ts)", () => {
    const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((p) => p.endsWith('.ts'))
      .map((p) => ({ path: `src/${p}`, text: readFileSync(join(ROOT, 'src', p), 'utf8') }))
    assert.deepEqual(boundaryBreaches(files), [])
  })

  it('the boundary check sees a reach across areas and lets an index.ts import through', () => {
    const risk = layout.modules.find((m) => m.name === 'risk')!.path
    const reach = {
      path: `${risk}x.service.ts`,
      text: "import { money } from '../../portfolio/lib/money.ts'",
    }
    const index = {
      path: `${risk}y.service.ts`,
      text: "import type { Portfolio } from '../../portfolio/index.ts'",
    }
    assert.equal(boundaryBreaches([reach]).length, 1)
    assert.deepEqual(boundaryBreaches([index]), [])
  })
})
