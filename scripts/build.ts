// `npm run build` (run by `npm ci` as `prepare`): bundles the two long-running entry points, the API
// (dist/main.js) and the job worker (dist/worker.js), and the operator commands (dist/migrate.js,
// dist/admin.js, dist/seed-demo.js) with esbuild, dependencies included, so a start reads one file
// instead of resolving and compiling ~900 modules and production runs plain `node`, no TypeScript
// runtime (ADR 0021). Type checking is `npm run typecheck`.
//
// Left outside the bundle: PGlite (it loads its wasm and data files from its own package folder),
// packages with native binaries, and the /docs reference, loaded only when asked for. Every `import.meta.url` in src/ is rewritten to the address the file
// would have in dist/ (src/app/pages/index.ts → dist/app/pages/index.js), and copy-assets.ts puts the
// pages' files there, so code that finds files beside itself works bundled as it does from source.
import { rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { build, type Plugin } from 'esbuild'

const SRC = new URL('../src/', import.meta.url).pathname

const fileUrlsAsInDist: Plugin = {
  name: 'import-meta-url-as-in-dist',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      // From the bundle (dist/main.js) to the file's own folder in dist/.
      const folder = relative(SRC, dirname(args.path))
      const url = `new URL(${JSON.stringify(folder ? `./${folder}/` : './')}, import.meta.url).href`
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

rmSync('dist', { recursive: true, force: true }) // no stale files from an earlier layout

await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    migrate: 'src/migrate.ts',
    admin: 'src/admin.ts',
    'seed-demo': 'src/seed-demo.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  keepNames: true, // error names and stack frames stay readable
  sourcemap: 'linked', // `node --enable-source-maps dist/main.js` maps stacks back to src/
  // Scalar's reference (4.4 MB) is imported on the first request to /docs: outside, it is not even parsed.
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native', '@scalar/fastify-api-reference'],
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [fileUrlsAsInDist],
  logLevel: 'warning',
})
