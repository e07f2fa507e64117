/** Start-up helpers shared by the API (main.ts), the worker and the CLI scripts. */
import { createContainer, type Container } from './app/container.ts'
import { ConfigError, loadConfig, type Config } from './platform/config.ts'
import { DataDirLockedError } from './platform/db/data-dir-lock.ts'

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
    return await createContainer(config, { owner })
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
