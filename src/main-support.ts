/**
 * Start-up helpers shared by the API (main.ts), the worker and the CLI scripts. Light on purpose: the
 * container (every module) is imported only once the database has started opening.
 */
import type { Container } from './app/container.ts'
import { ConfigError, loadConfig, type Config } from './platform/config.ts'
import { createDatabase, DataDirLockedError } from './platform/db/index.ts'

/** The configuration from the environment; exits 78 (EX_CONFIG) listing every bad variable. */
export function readConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`)
      process.exit(78) // EX_CONFIG
    }
    throw e
  }
}

/**
 * Builds the container as `owner`; when another live process holds the embedded data directory,
 * exits 75 (EX_TEMPFAIL) saying who holds it and `instead` (what to do rather than wait).
 */
export async function createContainerOrExit(
  config: Config,
  owner: string,
  instead: string,
): Promise<Container> {
  try {
    const ref: { log?: Container['log'] } = {}
    const onPoolError = (err: Error) =>
      ref.log
        ? ref.log.warn({ err }, 'database connection failed outside a request')
        : process.stderr.write(`database connection failed: ${err.message}\n`)
    // The database opens (PGlite reads and compiles its wasm and starts PostgreSQL) while the modules load.
    const [database, { createContainer }] = await Promise.all([
      createDatabase(config, { owner, onPoolError }),
      import('./app/container.ts'),
    ])
    const c = await createContainer(config, { owner, database })
    ref.log = c.log
    // The container leaves a database it was given open; this one is the container's to close.
    return {
      ...c,
      async close() {
        await c.close()
        await database.close()
      },
    }
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e
    process.stderr.write(`${e.message}: ${instead}\n`)
    process.exit(75)
  }
}

export function onShutdownSignal(
  timeoutMs: number,
  log: { info: (o: object, m: string) => void },
  stop: () => Promise<void>,
) {
  let stopping = false
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      process.stderr.write('shutdown timed out; exiting\n')
      process.exit(1)
    }, timeoutMs + 2_000)
    force.unref()
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', handler)
  process.on('SIGINT', handler)
}

/**
 * The line a person starting the server in a terminal reads: where to open it. Null when stdout is
 * not a terminal (a service manager, a container, a pipe), where the JSON logs are all there is.
 */
export function startupLine(stdoutIsTty: boolean, host: string, port: number): string | null {
  if (!stdoutIsTty) return null
  // A wildcard or loopback listener is reached from this machine as localhost.
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host)
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host
  const base = `http://${name}:${port}`
  return `Sextant is running at ${base}/ (API reference: ${base}/docs)\n`
}
