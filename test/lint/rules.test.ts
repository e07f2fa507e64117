// The layering, configuration and size rules of eslint.config.js, each shown firing on a planted
// violation and silent on its compliant twin. The planted files are virtual (lintText) and parsed
// without type information: the rules under test are syntactic, and this keeps the test fast.
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'

const root = new URL('../../', import.meta.url).pathname

interface Case {
  name: string
  filePath: string
  code: string
  rule: string
  fires: boolean
}

const statements = (n: number) => Array.from({ length: n }, (_, i) => `  total += ${i}`).join('\n')
const fn = (lines: number) =>
  `export function long(): number {\n  let total = 0\n${statements(lines - 4)}\n  return total\n}\n`
const file = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const v${i} = ${i}`).join('\n') + '\n'

const cases: Case[] = [
  // Layering: kernel ← platform ← providers ← modules ← app.
  ...['providers/shared/http.ts', 'modules/identity/index.ts', 'app/container.ts'].map((target) => ({
    name: `platform importing src/${target}`,
    filePath: 'src/platform/http/planted.ts',
    code: `import { x } from '../../${target}'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  })),
  ...['modules/identity/index.ts', 'app/container.ts'].map((target) => ({
    name: `provider importing src/${target}`,
    filePath: 'src/providers/shared/planted.ts',
    code: `import { x } from '../../${target}'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  })),
  {
    name: 'module importing src/app',
    filePath: 'src/modules/market/content/planted.ts',
    code: `import { x } from '../../app/container.ts'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  },
  {
    name: 'platform/db importing a module',
    filePath: 'src/platform/db/planted.ts',
    code: `import { x } from '../../modules/identity/index.ts'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  },
  {
    name: 'each layer importing the ones below it',
    filePath: 'src/modules/market/content/planted.ts',
    code:
      "import { a } from '../../platform/upstream-errors.ts'\nimport { b } from '../../providers/shared/http.ts'\n" +
      "import { c } from '../identity/index.ts'\nimport { d } from './news.service.ts'\nexport const y = [a, b, c, d]\n",
    rule: 'no-restricted-imports',
    fires: false,
  },
  {
    name: 'platform importing platform',
    filePath: 'src/platform/http/planted.ts',
    code: `import { x } from '../upstream-errors.ts'\nimport { y } from './problem.ts'\nexport const z = [x, y]\n`,
    rule: 'no-restricted-imports',
    fires: false,
  },
  // The kernel sits under every layer: it imports none of them, and does no I/O.
  ...[
    'platform/clock.ts',
    'providers/shared/http.ts',
    'modules/market/content/index.ts',
    'app/container.ts',
  ].map((target) => ({
    name: `kernel importing src/${target}`,
    filePath: 'src/kernel/quant/planted.ts',
    code: `import { x } from '../../${target}'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  })),
  {
    name: 'a kernel test importing the platform',
    filePath: 'src/kernel/calendar/planted.test.ts',
    code: `import { x } from '../../platform/clock.ts'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  },
  ...["import { readFileSync } from 'node:fs'", "import { sql } from 'kysely'"].map((line) => ({
    name: `kernel doing I/O (${line})`,
    filePath: 'src/kernel/planted.ts',
    code: `${line}\nexport const y = [${line.includes('fs') ? 'readFileSync' : 'sql'}]\n`,
    rule: 'no-restricted-imports',
    fires: true,
  })),
  {
    name: 'kernel calling fetch',
    filePath: 'src/kernel/planted.ts',
    code: `export const y = () => fetch('https://example.com')\n`,
    rule: 'no-restricted-globals',
    fires: true,
  },
  {
    name: 'kernel importing the kernel, and luxon',
    filePath: 'src/kernel/calendar/planted.ts',
    code: "import { DateTime } from 'luxon'\nimport { DAY_MS } from '../dates.ts'\nimport { sma } from '../quant/index.ts'\nexport const y = [DateTime, DAY_MS, sma]\n",
    rule: 'no-restricted-imports',
    fires: false,
  },
  ...[
    'src/platform/http/planted.ts',
    'src/providers/shared/planted.ts',
    'src/modules/market/content/planted.ts',
  ].map((filePath) => ({
    name: `${filePath.split('/')[1]} importing the kernel`,
    filePath,
    code: `import { DAY_MS } from '../../kernel/dates.ts'\nexport const y = DAY_MS\n`,
    rule: 'no-restricted-imports',
    fires: false,
  })),
  // The older boundaries still hold in the blocks that now also carry the layering.
  ...[
    'src/platform/http/planted.ts',
    'src/providers/shared/planted.ts',
    'src/modules/market/content/planted.ts',
  ].map((filePath) => ({
    name: `root database driver imported from ${filePath}`,
    filePath,
    code: `import pg from 'pg'\nexport const y = pg\n`,
    rule: 'no-restricted-imports',
    fires: true,
  })),
  {
    name: "a sibling module's internals",
    filePath: 'src/modules/market/content/planted.ts',
    code: `import { x } from '../portfolio/manual.repository.ts'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  },
  // The database layer's one entry point (src/platform/db/index.ts).
  ...[
    ['src/modules/market/content/planted.ts', '../../../platform/db/tenant-scope.ts'],
    ['src/providers/shared/planted.ts', '../../platform/db/schema.ts'],
    ['src/platform/http/planted.ts', '../db/database.ts'],
    ['src/platform/planted.test.ts', './db/migrate.ts'],
    ['src/main-planted.ts', './platform/db/statement-names.ts'],
    ['src/modules/market/content/planted.ts', '../../../platform/db/migrations/helpers.ts'],
  ].map(([filePath, target]) => ({
    name: `${filePath} importing ${target} past the database layer's index`,
    filePath: filePath!,
    code: `import { x } from '${target}'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  })),
  // A module of its own split into sub-domain folders: other modules are one level further up per folder.
  ...[
    ['src/modules/portfolio/manual/planted.ts', '../../market/content/news.service.ts'],
    ['src/modules/portfolio/manual/lib/planted.ts', '../../../brokers/sync.service.ts'],
  ].map(([filePath, target]) => ({
    name: `another module's internals from a sub-domain folder (${filePath})`,
    filePath: filePath!,
    code: `import { x } from '${target}'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: true,
  })),
  ...[
    ['src/modules/market/content/planted.ts', '../../../platform/db/index.ts'],
    ['src/platform/http/planted.ts', '../db/index.ts'],
    [
      'src/modules/market/content/migrations/0099_planted.ts',
      '../../../../platform/db/migrations/helpers.ts',
    ],
    ['src/modules/market/content/planted.ddl.ts', '../../../platform/db/migrations/helpers.ts'],
    ['src/platform/db/planted.ts', './read-lanes.ts'],
  ].map(([filePath, target]) => ({
    name: `${filePath} importing ${target}`,
    filePath: filePath!,
    code: `import { x } from '${target}'\nexport const y = x\n`,
    rule: 'no-restricted-imports',
    fires: false,
  })),
  ...[
    ['src/modules/market/content/planted.ts', '../../../platform/db/index.ts', 'createDatabase', true],
    ['src/modules/market/content/planted.ts', '../../../platform/db/index.ts', 'DatabaseHandle', true],
    ['src/providers/shared/planted.ts', '../../platform/db/index.ts', 'createDatabase', true],
    ['src/platform/http/planted.ts', '../db/index.ts', 'createDatabase', true],
    ['src/platform/jobs/planted.ts', '../db/index.ts', 'DatabaseHandle', false],
    ['src/app/container.ts', '../platform/db/index.ts', 'createDatabase', false],
  ].map(([filePath, target, name, fires]) => ({
    name: `${String(name)} from the database layer's index in ${String(filePath)}`,
    filePath: String(filePath),
    code: `import { ${String(name)} } from '${String(target)}'\nexport const y = ${String(name)}\n`,
    rule: 'no-restricted-imports',
    fires: Boolean(fires),
  })),
  {
    name: "its own module's other sub-domains, and another module's index.ts, from a sub-domain folder",
    filePath: 'src/modules/portfolio/manual/planted.ts',
    code:
      "import { a } from '../trades/trades.repository.ts'\nimport { b } from '../lib/rules.ts'\n" +
      "import { c } from '../../market/market-data/index.ts'\nexport const y = [a, b, c]\n",
    rule: 'no-restricted-imports',
    fires: false,
  },
  // Configuration has one reader.
  {
    name: 'process.env outside config.ts',
    filePath: 'src/platform/http/planted.ts',
    code: `export const port = process.env['PORT']\n`,
    rule: 'no-restricted-properties',
    fires: true,
  },
  {
    name: "env imported from 'node:process'",
    filePath: 'src/main-planted.ts',
    code: `import { env } from 'node:process'\nexport const port = env['PORT']\n`,
    rule: 'no-restricted-syntax',
    fires: true,
  },
  {
    name: 'process.env in config.ts',
    filePath: 'src/platform/config.ts',
    code: `export const port = process.env['PORT']\n`,
    rule: 'no-restricted-properties',
    fires: false,
  },
  {
    name: 'process.env in a test',
    filePath: 'src/platform/planted.test.ts',
    code: `export const port = process.env['PORT']\n`,
    rule: 'no-restricted-properties',
    fires: false,
  },
  // Sizes.
  {
    name: 'a 301-line file',
    filePath: 'src/platform/planted.ts',
    code: file(301),
    rule: 'max-lines',
    fires: true,
  },
  {
    name: 'a 300-line file',
    filePath: 'src/platform/planted.ts',
    code: file(300),
    rule: 'max-lines',
    fires: false,
  },
  {
    name: 'an 81-line function',
    filePath: 'src/modules/market/content/planted.ts',
    code: fn(81),
    rule: 'max-lines-per-function',
    fires: true,
  },
  {
    name: 'an 80-line function',
    filePath: 'src/modules/market/content/planted.ts',
    code: fn(80),
    rule: 'max-lines-per-function',
    fires: false,
  },
  {
    name: 'an 81-line function in a test (describe blocks are long by nature)',
    filePath: 'src/modules/market/content/planted.test.ts',
    code: fn(81),
    rule: 'max-lines-per-function',
    fires: false,
  },
]

describe('lint rules (eslint.config.js)', () => {
  const found = new Map<Case, { rules: string[]; fatal: string[] }>()

  before(async () => {
    const eslint = new ESLint({
      cwd: root,
      // Virtual files are outside the TypeScript project: parse them without type information.
      overrideConfig: {
        files: [...new Set(cases.map((c) => c.filePath))],
        ...tseslint.configs.disableTypeChecked,
      },
    })
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: c.filePath })
      const messages = result?.messages ?? []
      found.set(c, {
        // Errors only: a warning would not fail `npm run lint`.
        rules: messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? ''),
        fatal: messages.filter((m) => m.fatal).map((m) => m.message),
      })
    }
  })

  for (const c of cases) {
    it(`${c.fires ? 'reports' : 'allows'} ${c.name} (${c.rule})`, () => {
      const { rules, fatal } = found.get(c)!
      assert.deepEqual(fatal, [], 'the planted code must parse')
      assert.equal(rules.includes(c.rule), c.fires, `rules reported: ${rules.join(', ') || 'none'}`)
    })
  }
})
