// ESLint flat config: type-aware typescript-eslint rules plus the project's import boundaries.
import { existsSync, readdirSync } from 'node:fs'
import { URL } from 'node:url'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

// The database layer has one entry point, src/platform/db/index.ts. test/architecture/db-entry-point.test.ts
// checks every import exactly (tests and bench included) with its exceptions; these patterns are the
// editor's early warning. From outside src/platform the path names platform/db/; inside it, ../db/.
const dbMessage = 'Outside src/platform/db, import the database layer through src/platform/db/index.ts.'
const dbThroughIndex = { regex: '(?:^|/)platform/db/(?!index\\.ts$)', message: dbMessage }
const dbThroughIndexInPlatform = { regex: '^\\.\\.?/(?:\\.\\./)*db/(?!index\\.ts$)', message: dbMessage }
// Migrations (frozen once shipped) and the DDL they share are written with the migration helpers.
const dbThroughIndexOrHelpers = {
  regex: '(?:^|/)platform/db/(?!index\\.ts$|migrations/helpers\\.ts$)',
  message: `${dbMessage} Migrations may also import platform/db/migrations/helpers.ts.`,
}
const dbThroughIndexOrHelpersInPlatform = {
  regex: '^\\.\\.?/(?:\\.\\./)*db/(?!index\\.ts$|migrations/helpers\\.ts$)',
  message: dbThroughIndexOrHelpers.message,
}
// Root database handle: only src/platform/db and the boot code open it (`createDatabase`); outside the
// platform (whose job queue runs on the handle) nothing holds it (`DatabaseHandle`): modules get Scopes.
const rootDatabase = (names = ['createDatabase', 'DatabaseHandle']) => [
  {
    group: ['kysely-pglite-dialect', '@electric-sql/pglite', 'pg'],
    message: 'Only src/platform/db may open or use the root database handle; use Scopes (tenant-scope.ts).',
  },
  {
    regex: '(?:^|/)(?:platform/)?db/index\\.ts$',
    importNames: names,
    message:
      'Only the boot code (src/app/container.ts, src/migrate.ts, src/main-support.ts) opens or holds the root database handle; use Scopes.',
  },
]
// Modules live in src/modules/<module>/ or, grouped by product area, src/modules/<area>/<module>/; an
// area is a folder without an index.ts. test/architecture/module-layout.test.ts checks every import
// across modules exactly; these patterns are the editor's early warning for the common cases.
const MODULES = new URL('./src/modules/', import.meta.url)
const areas = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !existsSync(new URL(`${e.name}/index.ts`, MODULES)))
  .map((e) => e.name)
// One module folder: an area and a module in it, or a module of its own (never an area alone).
const AREA = `(?:${areas.join('|')})`
const MODULE = `(?:${AREA}/[^/]+|(?!${AREA}/)[^/]+)`
const moduleThroughIndex = {
  regex: `/modules/${MODULE}/(?!index\\.ts$)`,
  message: "Modules import each other only through the other module's index.ts.",
}
const siblingModuleThroughIndex = {
  // A sibling module's internals: ../other/anything-but-index.ts
  regex: `^\\.\\./(?!\\.\\.)${MODULE}/(?!index\\.ts$)`,
  message: "Modules import each other only through the other module's index.ts.",
}
// Modules of their own (a folder with an index.ts directly in src/modules, e.g. portfolio/) are split
// into sub-domain folders: from a file `depth` folders below its module, the other modules are
// `depth + 1` levels up, and its own sub-domains (../lib/, ../trades/) are not other modules.
const topModules = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/index.ts`, MODULES)))
  .map((e) => e.name)
const areaModules = areas.flatMap((a) =>
  readdirSync(new URL(`${a}/`, MODULES), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(new URL(`${a}/${e.name}/index.ts`, MODULES)))
    .map((e) => `${a}/${e.name}`),
)
const siblingModuleFromDepth = (depth) => ({
  regex: `^(?:\\.\\./){${depth + 1}}(?!\\.\\.)${MODULE}/(?!index\\.ts$)`,
  message: "Modules import each other only through the other module's index.ts.",
})
/** Layering, bottom up: kernel ← platform ← providers ← modules ← app. A layer imports nothing above it. */
function above(layers, where) {
  return {
    // A relative path that climbs into src/<layer>/ (imports are relative in this project).
    regex: `^\\.\\.?/(\\.\\./)*(${layers.join('|')})/`,
    message: `${where} imports nothing from src/${layers.join('/, src/')}/ (layers: kernel ← platform ← providers ← modules ← app).`,
  }
}
// The kernel computes; it never reads a file, a socket, a database or the configuration.
const kernelIo = {
  group: [
    ...[
      'fs',
      'fs/*',
      'net',
      'http',
      'https',
      'http2',
      'child_process',
      'dgram',
      'dns',
      'tls',
      'worker_threads',
      'process',
    ].flatMap((m) => [m, `node:${m}`]),
    'kysely',
    'pg',
    'ioredis',
    '@electric-sql/pglite',
  ],
  message: 'The kernel is pure: no I/O, no database, no configuration (src/kernel/README.md).',
}
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const tests = 'src/**/*.test.ts'

// no-restricted-imports: for a file, the LAST block that matches wins (blocks replace, not merge),
// so every block lists all the patterns that apply to its files.
const importBoundaries = [
  {
    files: ['src/**/*.ts'],
    // The boot code opens the database: the container, the migrate script and main-support (which starts
    // opening it while the modules load).
    ignores: ['src/platform/db/**', 'src/app/container.ts', 'src/migrate.ts', 'src/main-support.ts', tests],
    rules: restrict(...rootDatabase(), moduleThroughIndex, dbThroughIndex),
  },
  {
    files: ['src/modules/*/**/*.ts'],
    rules: restrict(...rootDatabase(), siblingModuleThroughIndex, above(['app'], 'A module'), dbThroughIndex),
  },
  {
    files: ['src/modules/*/**/migrations/*.ts', 'src/modules/*/**/*.ddl.ts'],
    rules: restrict(
      ...rootDatabase(),
      siblingModuleThroughIndex,
      above(['app'], 'A module'),
      dbThroughIndexOrHelpers,
    ),
  },
  ...[1, 2, 3].map((depth) => ({
    files: [
      ...topModules.map((m) => `src/modules/${m}/${'*/'.repeat(depth)}*.ts`),
      // A module in an area split into sub-domain folders (agents/bot-controls/gate/): the same rule.
      ...areaModules.map((m) => `src/modules/${m}/${'*/'.repeat(depth)}*.ts`),
    ],
    // Migrations keep the block above (their helpers are a second entry to the database layer).
    ignores: ['src/modules/*/**/migrations/*.ts', 'src/modules/*/**/*.ddl.ts'],
    rules: restrict(
      ...rootDatabase(),
      siblingModuleFromDepth(depth),
      above(['app'], 'A module'),
      dbThroughIndex,
    ),
  })),
  {
    files: ['src/providers/**/*.ts'],
    ignores: [tests],
    rules: restrict(
      ...rootDatabase(),
      moduleThroughIndex,
      above(['modules', 'app'], 'A provider'),
      dbThroughIndex,
    ),
  },
  {
    files: ['src/providers/**/*.test.ts'],
    rules: restrict(above(['modules', 'app'], 'A provider'), dbThroughIndex),
  },
  {
    files: ['src/platform/**/*.ts'],
    ignores: ['src/platform/db/**', tests],
    rules: restrict(
      ...rootDatabase(['createDatabase']),
      moduleThroughIndex,
      above(['providers', 'modules', 'app'], 'The platform'),
      dbThroughIndexInPlatform,
    ),
  },
  {
    // DDL a platform piece gives its owners' migrations (the run log's tables).
    files: ['src/platform/**/*.ddl.ts'],
    rules: restrict(
      ...rootDatabase(['createDatabase']),
      moduleThroughIndex,
      above(['providers', 'modules', 'app'], 'The platform'),
      dbThroughIndexOrHelpersInPlatform,
    ),
  },
  {
    // Platform tests (which may drive a real pg queue and open a database of their own).
    files: ['src/platform/**/*.test.ts'],
    ignores: ['src/platform/db/**'],
    rules: restrict(above(['providers', 'modules', 'app'], 'The platform'), dbThroughIndexInPlatform),
  },
  {
    // The database layer itself.
    files: ['src/platform/db/**/*.ts'],
    rules: restrict(above(['providers', 'modules', 'app'], 'The platform')),
  },
  {
    // The kernel: market vocabulary and math under every layer (src/kernel/README.md).
    files: ['src/kernel/**/*.ts'],
    ignores: [tests],
    rules: {
      ...restrict(kernelIo, above(['platform', 'providers', 'modules', 'app'], 'The kernel')),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The kernel is pure: no I/O (src/kernel/README.md).' },
        {
          name: 'process',
          message: 'The kernel is pure: no environment, no configuration (src/kernel/README.md).',
        },
      ],
    },
  },
  {
    files: ['src/kernel/**/*.test.ts'],
    rules: restrict(above(['platform', 'providers', 'modules', 'app'], 'The kernel')),
  },
]

const sizeAndEnvRules = [
  {
    // No data file needs an exception today (universe data is becoming JSON); if one ever does,
    // name it here with the reason, rather than raising the limit.
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.js'],
    ignores: [tests],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // Tests are left out of the function limit: a describe() holding its cases is long by nature.
  {
    // Migrations: one linear list of DDL per version, frozen once applied; splitting helps nobody.
    files: ['src/**/migrations/*.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Configuration has one reader: src/platform/config.ts. Everything else receives a Config.
    files: ['src/**/*.ts'],
    ignores: ['src/platform/config.ts', tests],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only src/platform/config.ts reads process.env.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value=/^(node:)?process$/] ImportSpecifier[imported.name='env']",
          message: 'Only src/platform/config.ts reads process.env.',
        },
      ],
    },
  },
]

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', '.tmp/', 'dist/', 'coverage/', 'console/src/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's describe/it return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Ports are async; an in-memory adapter legitimately implements them without awaiting.
      '@typescript-eslint/require-await': 'off',
      // `interface Database extends XTables {}`: how each <domain>.tables.ts joins the row types.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...importBoundaries,
  ...sizeAndEnvRules,
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      'max-lines': 'off',
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  // A bench's load client in a worker thread (bench/*.worker.mjs): plain JS, no TypeScript loader there.
  {
    files: ['bench/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'module',
      globals: { Buffer: 'readonly', URL: 'readonly' },
    },
  },
  {
    // Scripts of the pages served to browsers (src/**/web, src/app/pages): plain JS, browser globals.
    files: ['src/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'module',
      globals: { window: 'readonly', document: 'readonly', fetch: 'readonly', URLSearchParams: 'readonly' },
    },
  },
  {
    // The web console (console/): React in the browser, with the hooks rules.
    files: ['console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  prettier,
)
