/**
 * Running a screen: validate the screen spec against the catalog (422 naming the field), pick the snapshot
 * (the current one, or a past session's with `as_of`), add the caller's per-request columns the screen spec
 * uses, evaluate, and answer the page of rows with their `why` values — plus, for a past session,
 * each row's forward returns at 1, 5 and 20 sessions. The CSV export is the same run, flattened.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { runScreen, fieldsUsed } from './lib/evaluate.ts'
import { validateSpec, type ScreenSpec } from './lib/spec.ts'
import type { SourceId } from './lib/catalog.ts'
import { csvRecord, type CsvCell } from './lib/csv.ts'
import type { OverlayService } from './overlay.service.ts'
import type { ForwardReturns } from './snapshot-build.service.ts'
import type { SnapshotService } from './snapshot.service.ts'

type Value = number | string | boolean | null

export interface RunRow {
  symbol: string
  values: Record<string, Value>
  why: Record<string, Value>
  forward_returns?: ForwardReturns
}

export interface RunOut {
  as_of: string
  built_at: string
  total: number
  limit: number
  offset: number
  columns: string[]
  rows: RunRow[]
  degraded_sources?: SourceId[]
}

/** The request body: a spec (its groups checked by `validateSpec`) and an optional past session. */
export type RunBody = Omit<ScreenSpec, 'filters'> & { filters: unknown; as_of?: string | undefined }

/** The screen spec validated against the catalog, or a 422 whose locations start at `at` (where the screen spec sits in the body). */
export function checkedSpec(
  input: Omit<ScreenSpec, 'filters'> & { filters: unknown },
  at: readonly (string | number)[] = ['body'],
): ScreenSpec {
  const r = validateSpec(input as ScreenSpec, [...at])
  if ('spec' in r) return r.spec
  const first = r.errors[0]!
  throw new UnprocessableError(
    'validation.failed',
    `Invalid screen: ${first.loc.join('.')}: ${first.msg}`,
    r.errors,
  )
}

export class RunService {
  constructor(private readonly deps: { snapshots: SnapshotService; overlays: OverlayService }) {}

  async run(scope: RequestScope, body: RunBody): Promise<RunOut> {
    const { as_of: asOf, ...input } = body
    const spec = checkedSpec(input)
    const built =
      asOf === undefined ? await this.deps.snapshots.latest() : await this.deps.snapshots.asOf(asOf)
    const fields = new Set([
      ...fieldsUsed(spec.filters),
      ...(spec.sort ?? []).map((s) => s.field),
      ...(spec.columns ?? []),
    ])
    const { snapshot, overlay } = await this.deps.overlays.apply(scope, built, fields, asOf !== undefined)
    const result = runScreen(snapshot, spec, overlay)
    const index = new Map(snapshot.symbols.map((s, i) => [s, i]))
    const rows: RunRow[] = result.rows.map((r) =>
      built.forward ? { ...r, forward_returns: built.forward[index.get(r.symbol)!]! } : r,
    )
    const degraded = (Object.keys(snapshot.sources) as SourceId[]).filter((id) =>
      snapshot.sources[id].note?.startsWith('degraded'),
    )
    return {
      as_of: snapshot.as_of,
      built_at: snapshot.built_at,
      total: result.total,
      limit: spec.limit!,
      offset: spec.offset!,
      columns: spec.columns!,
      rows,
      ...(degraded.length ? { degraded_sources: degraded } : {}),
    }
  }

  /** The run as CSV: symbol, the columns, the `why` fields not among them, then the forward returns. */
  async csv(scope: RequestScope, body: RunBody): Promise<{ as_of: string; text: string }> {
    const out = await this.run(scope, body)
    return { as_of: out.as_of, text: csvOfRun(out) }
  }
}

/** The header and records of a run (RFC 4180: CRLF after every record, fields quoted when needed). */
export function csvOfRun(out: RunOut): string {
  const cols = ['symbol', ...out.columns.filter((c) => c !== 'symbol')]
  const why = [...new Set(out.rows.flatMap((r) => Object.keys(r.why)))]
    .filter((f) => !cols.includes(f))
    .sort()
  const fwd = out.rows.some((r) => r.forward_returns) ? (['d1', 'd5', 'd20'] as const) : []
  const header = [...cols, ...why.map((f) => `why_${f}`), ...fwd.map((k) => `forward_${k}`)]
  const lines = [csvRecord(header)]
  for (const r of out.rows) {
    const cells: CsvCell[] = [
      ...cols.map((c) => (c === 'symbol' ? r.symbol : r.values[c])),
      ...why.map((f) => r.why[f]),
      ...fwd.map((k) => r.forward_returns?.[k]),
    ]
    lines.push(csvRecord(cells))
  }
  return lines.join('')
}
