// `npm test [files…]`: runs the test files (default: every *.test.ts under src/ and test/) with
// node:test, two at a time, each in its own process.
//
// The files are bundled first, with esbuild, into .test-build/ (their shared code in chunks), and
// node runs the bundles. Run through a TypeScript loader instead, every file spent about 5 s of CPU
// importing the app's ~900 modules one hook call at a time, most of a CI run; a bundle loads in
// about 2. esbuild is also what the loader used, so the compiled code is the same. Each source
// file's `import.meta.url` is rewritten to its own path in the tree, so code that finds files beside
// itself still does, and stack traces map back to the TypeScript (linked source maps).
import { spawn } from 'node:child_process'
import { readdir, readFile, rm } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { allTestFiles } from './test-files.ts'

// One folder per run, so two runs in one checkout do not rebuild each other's files; a run removes
// its own at the end, and any left by a run that was killed.
const ROOT = '.test-build'
const OUT = `${ROOT}/run-${process.pid}`

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
for (const dir of await readdir(ROOT).catch(() => [] as string[]))
  if (!alive(Number(dir.replace('run-', '')))) await rm(`${ROOT}/${dir}`, { recursive: true, force: true })

const ownUrls: Plugin = {
  name: 'import-meta-url-of-the-source',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      const url = JSON.stringify(pathToFileURL(args.path).href)
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

const named = process.argv.slice(2)
const files = named.length ? named : allTestFiles()

const { metafile } = await build({
  entryPoints: files,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outdir: OUT,
  outbase: '.',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [ownUrls],
})

const bundles = Object.entries(metafile.outputs)
  .filter(([, o]) => o.entryPoint)
  .map(([out]) => out)
  .sort()

const child = spawn(
  process.execPath,
  ['--enable-source-maps', '--test', '--test-concurrency=2', ...bundles],
  { stdio: 'inherit' },
)
child.on('exit', (code, signal) => {
  void rm(OUT, { recursive: true, force: true }).finally(() => process.exit(code ?? (signal ? 1 : 0)))
})
