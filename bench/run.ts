/**
 * Benchmark entry: `npm run bench` or `npx tsx bench/run.ts [scenario|group…] [--duration 10] [--connections 50]`.
 *
 * The engine follows DATABASE_URL (see engine.ts). The real app (server.ts) and the ceiling
 * (ceiling-server.ts) run as child processes, so the load generator here does not share their event
 * loop, and both are loaded in the same run so the ratio app ÷ ceiling survives the noise of a shared
 * machine. Prints a Markdown report on stdout (progress goes to stderr); exits 1 if any scenario saw
 * errors or non-2xx responses, or a child did not shut down cleanly.
 */
import { parseArgs } from 'node:util'
import { startChild, stopChild, type Child } from './children.ts'
import { prepareDatabases } from './engine.ts'
import { measure, probe, WARMUP_SECONDS, type Endpoint, type Measurement } from './load.ts'
import { failures, renderReport } from './report.ts'
import { allScenarios, CEILING, HELLO, scenarios, type Scenario, type Target } from './scenarios.ts'

const START_TIMEOUT_MS = 180_000 // a fresh PGlite initdb + migrations takes a few seconds; a busy machine more
const STOP_GRACE_MS = 15_000 // the app's own shutdown allows SHUTDOWN_TIMEOUT_MS (10 s) + 2 s
const MAX_DURATION_S = 600 // runs stay bounded whatever is typed
const MAX_ROUNDS = 20

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`)

const DEFAULT_CONNECTIONS = 50

interface Cli {
  selected: Scenario[]
  duration: number
  /** How many times the scenarios run in turn (ratios are taken within a round). */
  rounds: number
  /** Seconds of load before each measured run (0: none). */
  warmup: number
  /** Given on the command line: overrides every scenario's own connections. */
  connections: number | undefined
}

const groups = () => [...new Set(allScenarios.flatMap((s) => (s.group ? [s.group] : [])))]

function usage(): string {
  const list = allScenarios
    .map(
      (s) => `  ${s.name.padEnd(30)} ${s.group ? `[${s.group}] ` : ''}${s.method} ${s.path} — ${s.measures}`,
    )
    .join('\n')
  return (
    `usage: npx tsx bench/run.ts [scenario|group…] [--duration 10] [--rounds 1] [--warmup 3] [--connections ${DEFAULT_CONNECTIONS}]\n\n` +
    `With no name, runs every scenario outside a group. Groups: ${groups().join(', ')}.\n` +
    `--connections overrides each scenario's own count (default ${DEFAULT_CONNECTIONS}).\n\nscenarios:\n${list}\n`
  )
}

function parseCli(argv: string[]): Cli {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '1' },
      warmup: { type: 'string', default: String(WARMUP_SECONDS) },
      connections: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    process.stdout.write(usage())
    process.exit(0)
  }
  const int = (name: string, raw: string, max: number, min = 1) => {
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max} (got ${raw})`)
    return n
  }
  const names = new Set<string>()
  for (const n of positionals) {
    const members = allScenarios.filter((s) => s.name === n || s.group === n)
    if (!members.length) throw new Error(`unknown scenario or group "${n}"\n\n${usage()}`)
    for (const s of members) names.add(s.name)
  }
  names.add(CEILING) // every ratio is relative to these two, so they always run
  names.add(HELLO)
  return {
    selected: positionals.length ? allScenarios.filter((s) => names.has(s.name)) : [...scenarios],
    duration: int('duration', values.duration, MAX_DURATION_S),
    rounds: int('rounds', values.rounds, MAX_ROUNDS),
    warmup: int('warmup', values.warmup, MAX_DURATION_S, 0),
    connections: values.connections === undefined ? undefined : int('connections', values.connections, 1000),
  }
}

// Cleanup steps run once, newest first, on success, on error and on SIGINT/SIGTERM alike.
const cleanups: Array<() => Promise<void>> = []
let cleaning: Promise<void> | undefined
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step()
      } catch (err) {
        log(`cleanup: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`)
    void cleanup().finally(() => process.exit(130))
  })
}

interface Ready {
  port: number
  token?: string
}

async function main(): Promise<number> {
  const cli = parseCli(process.argv.slice(2))
  const dbs = await prepareDatabases(process.env['DATABASE_URL'] || undefined)
  cleanups.push(() => dbs.dispose())
  const shutdownProblems: string[] = []

  const servers = new Map<Target, Endpoint>()
  const scripts: Record<Target, string> = { app: 'bench/server.ts', ceiling: 'bench/ceiling-server.ts' }
  for (const target of ['app', 'ceiling'] as const) {
    if (!cli.selected.some((s) => s.target === target)) continue
    log(`starting the ${target} server (${dbs.engine})…`)
    const env = {
      ...Object.fromEntries(
        cli.selected.filter((s) => s.target === target).flatMap((s) => Object.entries(s.appEnv ?? {})),
      ),
      ...dbs.envFor(target),
      // The rate limiter runs, as in production, with a budget the load never reaches.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
    }
    const child: Child<Ready> = await startChild<Ready>(target, scripts[target], env, START_TIMEOUT_MS)
    cleanups.push(async () => {
      const problem = await stopChild(child, STOP_GRACE_MS)
      if (problem) shutdownProblems.push(problem)
    })
    servers.set(target, { baseUrl: `http://127.0.0.1:${child.ready.port}`, token: child.ready.token })
  }

  const date = new Date()
  const rounds: Measurement[][] = []
  try {
    for (const s of cli.selected) await probe(s, servers.get(s.target)!)
    for (let r = 1; r <= cli.rounds; r++) {
      const round: Measurement[] = []
      for (const s of cli.selected) {
        const connections = cli.connections ?? s.connections ?? DEFAULT_CONNECTIONS
        const which = cli.rounds > 1 ? ` (round ${r} of ${cli.rounds})` : ''
        log(
          `${s.name}${which}: ${s.method} ${s.path}, ${connections} connections, ${cli.warmup} s warm-up then ${cli.duration} s…`,
        )
        const m = await measure(s, servers.get(s.target)!, connections, cli.duration, cli.warmup)
        log(`${s.name}: ${Math.round(m.requestsPerSecond)} req/s`)
        round.push(m)
      }
      rounds.push(round)
    }
  } finally {
    log('stopping the servers…')
    await cleanup()
  }

  const info = {
    engine: dbs.description,
    date,
    duration: cli.duration,
    warmup: cli.warmup,
  }
  process.stdout.write(`${renderReport(info, rounds, CEILING, HELLO)}\n`)
  const problems = [...failures(rounds.flat()), ...shutdownProblems]
  for (const p of problems) log(`FAILED ${p}`)
  return problems.length ? 1 : 0
}

try {
  process.exitCode = await main()
} catch (err) {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err))
  await cleanup()
  process.exitCode = 1
}
