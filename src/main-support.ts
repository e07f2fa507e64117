/** Start-up helpers shared by the API (main.ts), the worker and the CLI scripts. */
import { ConfigError, loadConfig, type Config } from './platform/config.ts'

export function readConfigOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env)
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`)
      process.exit(78) // EX_CONFIG
    }
    throw e
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
