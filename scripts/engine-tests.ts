// Prints the test files whose outcome can depend on the database engine, one per line: CI runs the
// whole suite on embedded PGlite, then only these again on a PostgreSQL server (and Redis). A file
// counts when its import graph reaches the database layer (src/platform/db/), the Redis cache or the
// PostgreSQL job queue, or when it starts processes or reads DATABASE_URL / REDIS_URL itself. A file is left out when it says
// `engine-independent:` in a comment, with the reason: the browser suites (the pages call the same
// API, which the HTTP suites cover on both engines) and the checks of PGlite's own data directory.
// Pure code (the kernel, the modules' lib/ folders) gives the same answer on either engine.
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { allTestFiles } from './test-files.ts'

const files = allTestFiles()

const { metafile } = await build({
  entryPoints: files,
  bundle: true,
  write: false,
  metafile: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outdir: 'engine-tests.out',
  outbase: '.',
  logLevel: 'silent',
})

const OWN_SERVICES = /DATABASE_URL|REDIS_URL|child_process|\bspawn\(|\bfork\(|execFile/
const ENGINE_CODE = [
  'src/platform/db/',
  'src/platform/cache/redis-cache.ts',
  'src/platform/jobs/pgboss-queue.ts',
]
const engineFile = (inputs: string[]) => inputs.some((i) => ENGINE_CODE.some((e) => i.startsWith(e)))

for (const [out, meta] of Object.entries(metafile.outputs)) {
  const entry = meta.entryPoint
  if (!entry || !out.endsWith('.js')) continue
  const source = readFileSync(entry, 'utf8')
  if (entry.startsWith('test/browser/') || source.includes('one-engine:')) continue
  if (engineFile(Object.keys(meta.inputs)) || OWN_SERVICES.test(source)) console.log(entry)
}
