/**
 * CSV import into a manual account, in two steps: a dry run first (the API validates every row and
 * counts what it would write, writing nothing), the file's rows listed with the API's reasons beside
 * the rows it refuses; then, only when the dry run passed, the real import and its counts.
 */
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, data, type paths } from '../../api/client.ts'
import { SelectField } from '../../ui/Field.tsx'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { AccountSelect } from './AccountSelect.tsx'
import { ImportPreview, ImportResult } from './ImportPreview.tsx'
import { PortfolioLinks } from './PortfolioLinks.tsx'
import { useRefreshAll } from './queries.ts'

type ImportQuery = paths['/api/brokers/manual/import']['post']['parameters']['query']
type Kind = ImportQuery['kind']
type DateFormat = NonNullable<ImportQuery['date_format']>

const postCsv = (query: ImportQuery, csv: string) =>
  data(
    api.POST('/api/brokers/manual/import', {
      params: { query },
      body: csv,
      bodySerializer: (b: string) => b,
      headers: { 'content-type': 'text/csv' },
    }),
  )
export type ImportAnswer = Awaited<ReturnType<typeof postCsv>>

interface Options {
  accountId: number | undefined
  kind: Kind
  dateFormat: DateFormat
  allowUnlisted: boolean
}

interface Chosen {
  query: ImportQuery
  csv: string
  fileName: string
}

export default function ImportPage() {
  const [params] = useSearchParams()
  const initial = Number(params.get('account'))
  const [options, setOptions] = useState<Options>({
    accountId: initial > 0 ? initial : undefined,
    kind: 'transactions',
    dateFormat: 'auto',
    allowUnlisted: false,
  })
  const { accountId, kind, dateFormat, allowUnlisted } = options
  const [file, setFile] = useState<{ name: string; text: string }>()
  const refresh = useRefreshAll()
  const preview = useMutation({ mutationFn: (c: Chosen) => postCsv({ ...c.query, dry_run: true }, c.csv) })
  const commit = useMutation({
    mutationFn: (c: Chosen) => postCsv({ ...c.query, dry_run: false }, c.csv),
    onSuccess: refresh,
  })
  const chosen: Chosen | undefined =
    accountId && file
      ? {
          query: { account_id: accountId, kind, date_format: dateFormat, allow_unlisted: allowUnlisted },
          csv: file.text,
          fileName: file.name,
        }
      : undefined
  const previewed = preview.variables
  return (
    <Page title="Import CSV" actions={<PortfolioLinks />}>
      <Section title="File">
        <form
          aria-label="CSV import"
          onSubmit={(e) => {
            e.preventDefault()
            commit.reset()
            if (chosen) preview.mutate(chosen)
          }}
        >
          <ImportOptions
            options={options}
            error={preview.error}
            onChange={(next) => {
              setOptions(next)
              preview.reset()
              commit.reset()
            }}
            onFile={(f) => {
              setFile(f)
              preview.reset()
              commit.reset()
            }}
          />
          <p className="muted">
            Columns are read by their header (e.g. Symbol, Quantity, Date Acquired, Date Sold, Proceeds, Cost
            Basis, Fees; or Symbol, Quantity, Cost Basis, Date for holdings). Nothing is written until you
            confirm.
          </p>
          <button type="submit" disabled={!chosen || preview.isPending}>
            Preview (dry run)
          </button>
        </form>
      </Section>
      {previewed && (preview.isSuccess || preview.isError) && (
        <ImportPreview
          csv={previewed.csv}
          fileName={previewed.fileName}
          answer={preview.data}
          error={preview.error}
        />
      )}
      {previewed && preview.isSuccess && preview.data.imported > 0 && !commit.isSuccess && (
        <Section title="Confirm">
          <ProblemAlert error={commit.error} />
          <button type="button" disabled={commit.isPending} onClick={() => commit.mutate(previewed)}>
            Import {preview.data.imported} row{preview.data.imported === 1 ? '' : 's'}
          </button>
        </Section>
      )}
      {commit.isSuccess && previewed && (
        <ImportResult answer={commit.data}>
          <Link to={`/accounts/${previewed.query.account_id}`}>See the account</Link>
        </ImportResult>
      )}
    </Page>
  )
}

function FileInput({ onFile }: { onFile: (f: { name: string; text: string } | undefined) => void }) {
  const [problem, setProblem] = useState<string>()
  return (
    <div className="field">
      <label htmlFor="import-file">CSV file</label>
      <input
        id="import-file"
        name="file"
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => {
          const f = e.target.files?.[0]
          setProblem(undefined)
          // The previous file is dropped at once: until the new one is read, nothing can be previewed.
          onFile(undefined)
          if (!f) return
          f.text().then(
            (text) => onFile({ name: f.name, text }),
            () => setProblem('The file could not be read'),
          )
        }}
      />
      {problem && (
        <small className="field-error" role="alert">
          {problem}
        </small>
      )}
    </div>
  )
}

function ImportOptions({
  options,
  error,
  onChange,
  onFile,
}: {
  options: Options
  error: unknown
  onChange: (o: Options) => void
  onFile: (f: { name: string; text: string } | undefined) => void
}) {
  const set = (patch: Partial<Options>) => onChange({ ...options, ...patch })
  return (
    <>
      <div className="filters">
        <AccountSelect
          label="Into account"
          allLabel={null}
          manualOnly
          value={options.accountId}
          error={error}
          onChange={(accountId) => set({ accountId })}
        />
        <SelectField
          label="The file holds"
          name="kind"
          value={options.kind}
          onChange={(e) => set({ kind: e.target.value === 'positions' ? 'positions' : 'transactions' })}
        >
          <option value="transactions">Closed trades (realized gains export)</option>
          <option value="positions">Holdings (positions export)</option>
        </SelectField>
        <SelectField
          label="Dates written as"
          name="date_format"
          value={options.dateFormat}
          onChange={(e) => set({ dateFormat: e.target.value as DateFormat })}
        >
          <option value="auto">Automatic (US month/day, checked)</option>
          <option value="us">US: MM/DD/YYYY</option>
          <option value="dmy">Day first: DD/MM/YYYY</option>
          <option value="iso">Only YYYY-MM-DD</option>
        </SelectField>
      </div>
      <FileInput onFile={onFile} />
      <label className="check">
        <input
          type="checkbox"
          checked={options.allowUnlisted}
          onChange={(e) => set({ allowUnlisted: e.target.checked })}
        />{' '}
        Accept symbols the market data does not list (private holdings)
      </label>
    </>
  )
}
