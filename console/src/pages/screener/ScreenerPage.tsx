/**
 * /screener — build a screen (filters, a preset, or words), run it over the metrics snapshot
 * (POST /api/screener), sort and page the rows, download them as CSV, save the screen.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { dateTime } from '../../ui/format.ts'
import { SelectField } from '../../ui/Field.tsx'
import { Page, Section } from '../../ui/Page.tsx'
import { PagerNav } from '../../ui/Pager.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import {
  downloadCsv,
  filters,
  runScreen,
  type Catalog,
  type CatalogField,
  type RunBody,
  type Spec,
} from './api.ts'
import { emptyGroup, fromFilters, replace, toFilters, type Draft, type GroupDraft } from './draft.ts'
import { GroupEditor } from './FilterEditor.tsx'
import { NlBox } from './NlBox.tsx'
import { ResultsTable, type SortKey } from './ResultsTable.tsx'
import { SavedScreens } from './SavedScreens.tsx'

const PAGE = 25

/** Pages of the run by offset; both steps wait while the rows shown are the previous run's. */
function Pager({
  total,
  offset,
  loading,
  onPage,
}: {
  total: number
  offset: number
  loading: boolean
  onPage: (o: number) => void
}) {
  const last = Math.min(offset + PAGE, total)
  return (
    <PagerNav
      className="actions"
      label="Pages"
      previous={{
        label: 'Previous page',
        unavailable: loading || offset === 0,
        onPress: () => onPage(Math.max(0, offset - PAGE)),
      }}
      next={{
        label: 'Next page',
        unavailable: loading || last >= total,
        onPress: () => onPage(offset + PAGE),
      }}
    >
      {total === 0 ? 'No rows' : `${offset + 1}–${last} of ${total}`}
    </PagerNav>
  )
}

function Screener({ catalog }: { catalog: Catalog }) {
  const byId = useMemo(() => new Map(catalog.fields.map((f): [string, CatalogField] => [f.id, f])), [catalog])
  const [root, setRoot] = useState<GroupDraft>(() => emptyGroup())
  const [sort, setSort] = useState<SortKey | undefined>()
  const [columns, setColumns] = useState<string[] | undefined>()
  const [universe, setUniverse] = useState<Spec['universe']>()
  const [ran, setRan] = useState<RunBody>({ filters: { all: [] }, limit: PAGE, offset: 0 })
  const [preset, setPreset] = useState(catalog.presets[0]?.id ?? '')

  const spec = (over: Partial<{ sort: SortKey | undefined; root: GroupDraft }> = {}): Spec => {
    const s = 'sort' in over ? over.sort : sort
    return {
      filters: toFilters(over.root ?? root, byId),
      ...(s ? { sort: [s] } : {}),
      ...(columns ? { columns } : {}),
      ...(universe ? { universe } : {}),
      limit: PAGE,
      offset: 0,
    }
  }
  const run = useQuery({
    queryKey: ['screener', 'run', ran],
    queryFn: () => runScreen(ran),
    placeholderData: keepPreviousData,
  })
  const csv = useMutation({ mutationFn: () => downloadCsv({ ...ran, offset: 0, limit: 500 }) })

  const onChange = (key: number, next: Draft | null) =>
    setRoot((r) => (key === r.key ? (next?.kind === 'group' ? next : r) : replace(r, key, next)))
  const load = (s: Spec) => {
    const g = fromFilters(s.filters)
    const first = s.sort?.[0]
    setRoot(g)
    setSort(first)
    setColumns(s.columns)
    setUniverse(s.universe)
    setRan({ ...s, limit: PAGE, offset: 0 })
  }
  const onSort = (s: SortKey) => {
    setSort(s)
    setRan({ ...ran, sort: [s], offset: 0 })
  }

  return (
    <>
      <Section title="Describe it in words">
        <NlBox onBuilt={(b) => load(b.spec)} />
      </Section>
      <Section title="Filters">
        <form
          onSubmit={(e) => {
            e.preventDefault()
            setRan(spec())
          }}
        >
          <div className="actions">
            <SelectField
              label="Preset"
              name="preset"
              value={preset}
              onChange={(e) => setPreset(e.target.value)}
            >
              {catalog.presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </SelectField>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                const p = catalog.presets.find((x) => x.id === preset)
                if (p) load(p.spec as Spec)
              }}
            >
              Load preset
            </button>
          </div>
          <GroupEditor g={root} path={[]} ctx={{ catalog, byId, error: run.error, onChange }} root />
          <div className="actions">
            <button type="submit">Run screen</button>
            <button type="button" className="secondary" disabled={csv.isPending} onClick={() => csv.mutate()}>
              Download CSV
            </button>
          </div>
          <ProblemAlert error={csv.error} />
        </form>
      </Section>
      <Section title="Results">
        <QueryState
          query={run}
          isEmpty={(d) => d.total === 0}
          empty="No symbol matches: loosen a filter or switch a group to “any of”."
        >
          {(d) => (
            <>
              <p className="muted">
                Snapshot of the session {d.as_of}, built {dateTime(d.built_at)}.
                {d.degraded_sources?.length ? ` Unavailable sources: ${d.degraded_sources.join(', ')}.` : ''}
              </p>
              <ResultsTable run={d} byId={byId} sort={sort} onSort={onSort} />
              <Pager
                total={d.total}
                offset={d.offset}
                loading={run.isPlaceholderData}
                onPage={(offset) => setRan({ ...ran, offset })}
              />
            </>
          )}
        </QueryState>
      </Section>
      <Section title="Saved screens">
        <SavedScreens spec={() => spec()} onLoad={(s) => load(s.spec as Spec)} />
      </Section>
    </>
  )
}

export default function ScreenerPage() {
  const catalog = useQuery({ queryKey: ['screener', 'filters'], queryFn: filters })
  return (
    <Page title="Screener">
      <QueryState query={catalog} label="Loading the field catalog">
        {(c) => <Screener catalog={c} />}
      </QueryState>
    </Page>
  )
}
