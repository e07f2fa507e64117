/**
 * The filter editor: nested all/any groups of conditions. Each condition picks a field (grouped by
 * category, with its unit and how fresh its source is), an operator the field accepts, and a value
 * or another field (optionally scaled). A 422 from a run is shown next to the input it names.
 */
import { ApiError } from '../../api/problem.ts'
import { dateTime } from '../../ui/format.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import type { Catalog, CatalogField } from './api.ts'
import {
  emptyGroup,
  LIST_OPS,
  newCondition,
  NO_VALUE,
  REF_OPS,
  type CondDraft,
  type Draft,
  type GroupDraft,
} from './draft.ts'

type Path = (string | number)[]

interface Ctx {
  catalog: Catalog
  byId: ReadonlyMap<string, CatalogField>
  error: unknown
  onChange: (key: number, next: Draft | null) => void
}

const OP_LABELS: Record<string, string> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  neq: '≠',
  between: 'between',
  in: 'in list',
  not_in: 'not in list',
  is_null: 'is empty',
  not_null: 'has a value',
  crosses_above: 'crossed above',
  crosses_below: 'crossed below',
}

/** The API's errors about the item at `path`, as an ApiError its inputs can read by name. */
function errorsAt(error: unknown, path: Path): ApiError | undefined {
  if (!(error instanceof ApiError)) return undefined
  const prefix = ['body', 'filters', ...path]
  const mine = (error.problem.errors ?? []).filter(
    (e) =>
      e.loc.length > prefix.length &&
      prefix.every((p, i) => e.loc[i] === p) &&
      ['field', 'op', 'value'].includes(String(e.loc[prefix.length])),
  )
  return mine.length > 0 ? new ApiError(error.status, { ...error.problem, errors: mine }) : undefined
}

const CATEGORY_ORDER = [
  'identity',
  'price',
  'volume',
  'fundamental',
  'technical',
  'performance',
  'signal',
  'portfolio',
]

function FieldOptions({ fields }: { fields: CatalogField[] }) {
  const cats = [...new Set(fields.map((f) => f.category))].sort(
    (a, b) => CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b),
  )
  return cats.map((cat) => (
    <optgroup key={cat} label={cat}>
      {fields
        .filter((f) => f.category === cat)
        .map((f) => (
          <option key={f.id} value={f.id}>
            {f.label}
            {f.unit ? ` (${f.unit})` : ''}
          </option>
        ))}
    </optgroup>
  ))
}

function freshness(f: CatalogField | undefined, catalog: Catalog): string {
  if (!f) return ''
  const source = catalog.sources[f.source]?.label ?? f.source
  return `${f.unit ?? f.type} · ${source}${f.as_of ? `, as of ${dateTime(f.as_of)}` : ', computed for you'}`
}

function ValueInputs({
  d,
  f,
  ctx,
  err,
}: {
  d: CondDraft
  f: CatalogField | undefined
  ctx: Ctx
  err?: ApiError
}) {
  const set = (patch: Partial<CondDraft>) => ctx.onChange(d.key, { ...d, ...patch })
  if (NO_VALUE.has(d.op)) return null
  if (d.useRef && REF_OPS.has(d.op))
    return (
      <>
        <SelectField
          label="Other field"
          name="value"
          error={err}
          value={d.refField}
          onChange={(e) => set({ refField: e.target.value })}
        >
          <FieldOptions fields={ctx.catalog.fields.filter((x) => x.type === f?.type)} />
        </SelectField>
        <Field
          label="Times"
          name="times"
          inputMode="decimal"
          placeholder="1"
          value={d.refTimes}
          onChange={(e) => set({ refTimes: e.target.value })}
        />
      </>
    )
  if (f?.type === 'boolean')
    return (
      <SelectField
        label="Value"
        name="value"
        error={err}
        value={d.value}
        onChange={(e) => set({ value: e.target.value })}
      >
        <option value="true">yes</option>
        <option value="false">no</option>
      </SelectField>
    )
  const hint = LIST_OPS.has(d.op)
    ? 'comma-separated'
    : f?.unit === 'usd'
      ? 'e.g. 10B, 500M'
      : f?.unit === 'percent'
        ? 'percent'
        : undefined
  return (
    <>
      <Field
        label={d.op === 'between' ? 'From' : 'Value'}
        name="value"
        error={err}
        hint={hint}
        value={d.value}
        list={f?.values ? `values-${d.key}` : undefined}
        onChange={(e) => set({ value: e.target.value })}
      />
      {f?.values && (
        <datalist id={`values-${d.key}`}>
          {f.values.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
      {d.op === 'between' && (
        <Field label="To" name="value2" value={d.value2} onChange={(e) => set({ value2: e.target.value })} />
      )}
    </>
  )
}

function Condition({ d, path, ctx }: { d: CondDraft; path: Path; ctx: Ctx }) {
  const f = ctx.byId.get(d.field)
  const err = errorsAt(ctx.error, path)
  const set = (patch: Partial<CondDraft>) => ctx.onChange(d.key, { ...d, ...patch })
  const pickField = (id: string) => {
    const next = ctx.byId.get(id)
    const op = next?.operators.some((o) => o === d.op) ? d.op : (next?.operators[0] ?? d.op)
    set({ field: id, op, value: next?.type === 'boolean' ? 'true' : '', value2: '' })
  }
  return (
    <li className="screen-cond">
      <SelectField
        label="Field"
        name="field"
        error={err}
        hint={freshness(f, ctx.catalog)}
        value={d.field}
        onChange={(e) => pickField(e.target.value)}
      >
        <FieldOptions fields={ctx.catalog.fields} />
      </SelectField>
      <SelectField
        label="Operator"
        name="op"
        error={err}
        value={d.op}
        onChange={(e) => set({ op: e.target.value })}
      >
        {(f?.operators ?? Object.keys(OP_LABELS)).map((op) => (
          <option key={op} value={op}>
            {OP_LABELS[op] ?? op}
          </option>
        ))}
      </SelectField>
      {REF_OPS.has(d.op) && f?.type === 'number' && (
        <label className="screen-check">
          <input type="checkbox" checked={d.useRef} onChange={(e) => set({ useRef: e.target.checked })} /> vs
          field
        </label>
      )}
      <ValueInputs d={d} f={f} ctx={ctx} {...(err ? { err } : {})} />
      <button type="button" className="ghost" onClick={() => ctx.onChange(d.key, null)}>
        Remove condition
      </button>
    </li>
  )
}

export function GroupEditor({
  g,
  path,
  ctx,
  root = false,
}: {
  g: GroupDraft
  path: Path
  ctx: Ctx
  root?: boolean
}) {
  const set = (patch: Partial<GroupDraft>) => ctx.onChange(g.key, { ...g, ...patch })
  const first = ctx.catalog.fields.find((f) => f.id === 'price') ?? ctx.catalog.fields[0]
  return (
    <fieldset className="screen-group">
      <legend>{root ? 'Filters' : 'Group'}</legend>
      <div className="tabs" role="group" aria-label="Match">
        {(['all', 'any'] as const).map((mode) => (
          <button key={mode} type="button" aria-pressed={g.mode === mode} onClick={() => set({ mode })}>
            {mode === 'all' ? 'All of' : 'Any of'}
          </button>
        ))}
      </div>
      {g.items.length === 0 && <p className="muted">No conditions: every symbol matches. Add one below.</p>}
      <ul className="screen-items">
        {g.items.map((x, i) =>
          x.kind === 'cond' ? (
            <Condition key={x.key} d={x} path={[...path, g.mode, i]} ctx={ctx} />
          ) : (
            <li key={x.key}>
              <GroupEditor g={x} path={[...path, g.mode, i]} ctx={ctx} />
            </li>
          ),
        )}
      </ul>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() => set({ items: [...g.items, newCondition(first)] })}
        >
          Add condition
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => set({ items: [...g.items, emptyGroup('any')] })}
        >
          Add group
        </button>
        {!root && (
          <button type="button" className="ghost" onClick={() => ctx.onChange(g.key, null)}>
            Remove group
          </button>
        )}
      </div>
    </fieldset>
  )
}

export type { Ctx as EditorCtx }
