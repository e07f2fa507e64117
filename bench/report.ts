/**
 * The Markdown report: one header line describing the run, one table row per scenario. With several
 * rounds, each figure is the median over the rounds, and each ratio is taken within a round (the
 * scenario against the ceiling measured in the same round) before the median, with its range beside it.
 */
import { cpus } from 'node:os'
import type { Measurement } from './load.ts'

export interface RunInfo {
  engine: string
  date: Date
  duration: number
  /** Seconds of load before each measured run. */
  warmup: number
}

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')
const thousands = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a')

/** The median (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (!v.length) return NaN
  const mid = v.length >> 1
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2
}

/** Per round, the scenario's req/s over the reference's in that round. */
export function roundRatios(
  rounds: readonly (readonly Measurement[])[],
  scenario: string,
  reference: string,
): number[] {
  return rounds.flatMap((round) => {
    const m = round.find((x) => x.scenario === scenario)
    const ref = round.find((x) => x.scenario === reference)
    return m && ref && ref.requestsPerSecond > 0 ? [m.requestsPerSecond / ref.requestsPerSecond] : []
  })
}

export function renderReport(
  info: RunInfo,
  rounds: readonly (readonly Measurement[])[],
  ceiling: string,
  hello: string,
): string {
  const several = rounds.length > 1
  const header =
    `**${info.engine}** · Node ${process.version} · ${cpus().length} CPUs · ${info.date.toISOString().slice(0, 16).replace('T', ' ')} UTC` +
    ` · ${info.duration} s per scenario (after a ${info.warmup} s warm-up)` +
    (several ? ` · ${rounds.length} rounds, scenarios in turn; medians, ratios within each round` : '')
  const lines = [
    header,
    '',
    `| scenario | conns | req/s (mean) | p50 ms | p99 ms | max ms | non-2xx | errors | ÷ ceiling | ÷ hello |${several ? ' ÷ ceiling, range |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${several ? '---:|' : ''}`,
  ]
  for (const name of rounds[0]?.map((m) => m.scenario) ?? []) {
    const all = rounds.flatMap((r) => r.filter((m) => m.scenario === name))
    const of = (pick: (m: Measurement) => number) => median(all.map(pick))
    const sum = (pick: (m: Measurement) => number) => all.reduce((t, m) => t + pick(m), 0)
    const toCeiling = roundRatios(rounds, name, ceiling)
    const range = toCeiling.length
      ? `${fmt(Math.min(...toCeiling), 2)}–${fmt(Math.max(...toCeiling), 2)}`
      : 'n/a'
    lines.push(
      `| ${name} | ${all[0]?.connections ?? 'n/a'} | ${thousands(of((m) => m.requestsPerSecond))} | ${fmt(
        of((m) => m.p50Ms),
        2,
      )}` +
        ` | ${fmt(
          of((m) => m.p99Ms),
          2,
        )} | ${fmt(Math.max(...all.map((m) => m.maxMs)), 1)}` +
        ` | ${sum((m) => m.non2xx)} | ${sum((m) => m.errors)} | ${fmt(median(toCeiling), 2)}` +
        ` | ${fmt(median(roundRatios(rounds, name, hello)), 2)} |${several ? ` ${range} |` : ''}`,
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
