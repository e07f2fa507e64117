// ESLint flat config: type-aware typescript-eslint rules plus the project's import boundaries.
import { existsSync, readdirSync } from 'node:fs'
import { URL } from 'node:url'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'

// Root database handle: only src/platform/db may open or use it.
const rootDatabase = {
  group: ['**/platform/db/database.ts', 'kysely-pglite-dialect', '@electric-sql/pglite', 'pg'],
  message: 'Only src/platform/db may open or use the root database handle; use Scopes (tenant-scope.ts).',
}
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
// Modules at the top (portfolio/, brokers/) are split into sub-domain folders; inside those, `../x/`
// is the module's own sub-domain, so only module-layout.test.ts (exact) checks their imports.
const topModules = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/index.ts`, MODULES)))
  .map((e) => e.name)
const siblingModuleThroughIndex = {
  // A sibling module's internals: ../other/anything-but-index.ts
  regex: `^\\.\\./(?!\\.\\.)${MODULE}/(?!index\\.ts$)`,
  message: "Modules import each other only through the other module's index.ts.",
}
/** Layering, bottom up: platform ← providers ← modules ← app. A layer imports nothing above it. */
function above(layers, where) {
  return {
    // A relative path that climbs into src/<layer>/ (imports are relative in this project).
    regex: `^\\.\\.?/(\\.\\./)*(${layers.join('|')})/`,
    message: `${where} imports nothing from src/${layers.join('/, src/')}/ (layers: platform ← providers ← modules ← app).`,
  }
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
    rules: restrict(rootDatabase, moduleThroughIndex),
  },
  {
    files: ['src/modules/*/**/*.ts'],
    rules: restrict(rootDatabase, siblingModuleThroughIndex, above(['app'], 'A module')),
  },
  {
    files: topModules.map((m) => `src/modules/${m}/*/**/*.ts`),
    rules: restrict(rootDatabase, above(['app'], 'A module')),
  },
  {
    files: ['src/providers/**/*.ts'],
    ignores: [tests],
    rules: restrict(rootDatabase, moduleThroughIndex, above(['modules', 'app'], 'A provider')),
  },
  {
    files: ['src/providers/**/*.test.ts'],
    rules: restrict(above(['modules', 'app'], 'A provider')),
  },
  {
    files: ['src/platform/**/*.ts'],
    ignores: ['src/platform/db/**', tests],
    rules: restrict(rootDatabase, moduleThroughIndex, above(['providers', 'modules', 'app'], 'The platform')),
  },
  {
    // The database layer itself, and platform tests (which may drive a real pg queue).
    files: ['src/platform/db/**/*.ts', 'src/platform/**/*.test.ts'],
    rules: restrict(above(['providers', 'modules', 'app'], 'The platform')),
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
  { ignores: ['node_modules/', 'data/', '.tmp/', 'dist/', 'coverage/'] },
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
  prettier,
)
