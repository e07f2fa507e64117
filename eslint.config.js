// ESLint flat config: type-aware typescript-eslint rules plus the project's import boundaries.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'

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
      'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Only platform/db touches the root database handle; modules go through tenant scopes.
    files: ['src/**/*.ts'],
    ignores: ['src/platform/db/**', 'src/app/container.ts', 'src/migrate.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/db/database.ts', 'kysely-pglite-dialect', '@electric-sql/pglite', 'pg'],
              message:
                'Only src/platform/db may open or use the root database handle; use Scopes (tenant-scope.ts).',
            },
            {
              regex: '/modules/[^/]+/(?!index\\.ts$)',
              message: "Modules import each other only through the other module's index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/db/database.ts', 'kysely-pglite-dialect', '@electric-sql/pglite', 'pg'],
              message:
                'Only src/platform/db may open or use the root database handle; use Scopes (tenant-scope.ts).',
            },
            {
              // A sibling module's internals: ../other/anything-but-index.ts
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)',
              message: "Modules import each other only through the other module's index.ts.",
            },
          ],
        },
      ],
    },
  },
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
