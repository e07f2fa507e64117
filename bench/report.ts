/** The Markdown report: one header line describing the run, one table row per scenario. */
import { cpus } from 'node:os'
import type { Measurement } from './load.ts'
import { WARMUP_SECONDS } from './load.ts'

export interface RunInfo {
  engine: string
  date: Date
  duration: number
}

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')
const thousands = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a')

export function renderReport(
  info: RunInfo,
  rows: readonly Measurement[],
  ceiling: Measurement | undefined,
  hello: Measurement | undefined,
): string {
  const header =
    `**${info.engine}** · Node ${process.version} · ${cpus().length} CPUs · ${info.date.toISOString().slice(0, 16).replace('T', ' ')} UTC` +
    ` · ${info.duration} s per scenario (after a ${WARMUP_SECONDS} s warm-up)`
  const lines = [
    header,
    '',
    '| scenario | conns | req/s (mean) | p50 ms | p99 ms | max ms | non-2xx | errors | ÷ ceiling | ÷ hello |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  const ratio = (m: Measurement, ref: Measurement | undefined) =>
    ref && ref.requestsPerSecond > 0 ? fmt(m.requestsPerSecond / ref.requestsPerSecond, 2) : 'n/a'
  for (const m of rows) {
    lines.push(
      `| ${m.scenario} | ${m.connections} | ${thousands(m.requestsPerSecond)} | ${fmt(m.p50Ms, 2)} | ${fmt(m.p99Ms, 2)} | ${fmt(m.maxMs, 1)}` +
        ` | ${m.non2xx} | ${m.errors} | ${ratio(m, ceiling)} | ${ratio(m, hello)} |`,
    )
  }
  return lines.join('\n')
}

/** Problems that make the run fail: any error or non-2xx response, with the status codes seen. */
export function failures(rows: readonly Measurement[]): string[] {
  return rows
    .filter((m) => m.errors > 0 || m.non2xx > 0)
    .map(
      (m) =>
        `${m.scenario}: ${m.errors} errors, ${m.non2xx} non-2xx (status codes ${JSON.stringify(m.statusCodes)})`,
    )
}
