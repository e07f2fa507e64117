/**
 * The layers of src, bottom up: kernel ← platform ← providers ← modules ← app (the entry points in
 * src/*.ts sit on top). A file imports only from its own layer and the ones below it; the kernel
 * (src/kernel/README.md) is where the market vocabulary is declared, once.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, it } from 'node:test'

const ROOT = new URL('../../', import.meta.url).pathname
const LAYERS = ['kernel', 'platform', 'providers', 'modules', 'app'] as const
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g

interface SourceFile {
  path: string
  text: string
}

/** 0 for src/kernel … 4 for src/app; the entry points (src/main.ts, …) are above every layer. */
function layerOf(path: string): number {
  const top = path.split('/')[1] ?? ''
  const i = (LAYERS as readonly string[]).indexOf(top)
  return i >= 0 ? i : LAYERS.length
}

/** `from → to` for every relative import of a file in a higher layer. */
function upwardImports(files: readonly SourceFile[]): string[] {
  const found: string[] = []
  for (const file of files) {
    for (const [, spec] of file.text.matchAll(IMPORT)) {
      const target = normalize(join(dirname(file.path), spec!))
      if (target.startsWith('src/') && layerOf(target) > layerOf(file.path))
        found.push(`${file.path} → ${target}`)
    }
  }
  return found
}

/** Declarations of the kernel's vocabulary outside src/kernel/. */
const VOCABULARY: [string, RegExp][] = [
  ['DAY_MS', /^\s*(?:export\s+)?const\s+DAY_MS\b/m],
  ['Bar', /^\s*(?:export\s+)?(?:interface\s+Bar\b|type\s+Bar\s*=)/m],
]
function vocabularyOutsideKernel(files: readonly SourceFile[]): string[] {
  return files.flatMap((f) =>
    f.path.startsWith('src/kernel/')
      ? []
      : VOCABULARY.filter(([, re]) => re.test(f.text)).map(([name]) => `${f.path} declares ${name}`),
  )
}

const sources: SourceFile[] = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.ts'))
  .map((p) => ({ path: `src/${p}`, text: readFileSync(join(ROOT, 'src', p), 'utf8') }))

describe('layers', () => {
  it('no file imports from a layer above its own (kernel ← platform ← providers ← modules ← app)', () => {
    assert.ok(sources.length > 100, `${sources.length} files read`)
    assert.deepEqual(upwardImports(sources), [])
  })

  it('the check sees an upward import from each layer, and lets downward ones through', () => {
    const planted: SourceFile[] = [
      { path: 'src/kernel/quant/x.ts', text: "import { c } from '../../platform/clock.ts'" },
      { path: 'src/kernel/x.ts', text: "export { y } from '../providers/market-data/index.ts'" },
      { path: 'src/platform/x.ts', text: "import type { P } from '../providers/index.ts'" },
      { path: 'src/providers/news/x.ts', text: "const m = await import('../../modules/module.ts')" },
      { path: 'src/modules/market/intel/x.ts', text: "import { c } from '../../../app/container.ts'" },
    ]
    assert.deepEqual(upwardImports(planted), [
      'src/kernel/quant/x.ts → src/platform/clock.ts',
      'src/kernel/x.ts → src/providers/market-data/index.ts',
      'src/platform/x.ts → src/providers/index.ts',
      'src/providers/news/x.ts → src/modules/module.ts',
      'src/modules/market/intel/x.ts → src/app/container.ts',
    ])
    const fine: SourceFile[] = [
      { path: 'src/platform/x.ts', text: "import { DAY_MS } from '../kernel/dates.ts'" },
      { path: 'src/modules/market/intel/x.ts', text: "import { sma } from '../../../kernel/quant/index.ts'" },
      { path: 'src/main.ts', text: "import { buildApp } from './app/app.ts'" },
      { path: 'src/kernel/calendar/x.ts', text: "import { DAY_MS } from '../dates.ts'" },
    ]
    assert.deepEqual(upwardImports(fine), [])
  })

  it('the market vocabulary (DAY_MS, Bar) is declared once, in the kernel', () => {
    assert.deepEqual(vocabularyOutsideKernel(sources), [])
    const declared = sources.filter((f) => f.path.startsWith('src/kernel/') && /const DAY_MS\b/.test(f.text))
    assert.deepEqual(
      declared.map((f) => f.path),
      ['src/kernel/dates.ts'],
    )
    const planted: SourceFile[] = [
      { path: 'src/modules/x.ts', text: 'const DAY_MS = 86_400_000' },
      { path: 'src/platform/x.ts', text: '/** a bar */\nexport interface Bar {\n  time: string\n}' },
      {
        path: 'src/modules/y.ts',
        text: "import { barsOf, type Bar } from '../providers/market-data/index.ts'",
      },
    ]
    assert.deepEqual(vocabularyOutsideKernel(planted), [
      'src/modules/x.ts declares DAY_MS',
      'src/platform/x.ts declares Bar',
    ])
  })
})
