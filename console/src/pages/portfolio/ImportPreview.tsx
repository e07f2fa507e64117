/**
 * What the dry run said about a file: its counts, or the API's refusals (422) beside the rows they
 * are about, with the file's rows listed under their line numbers (the header is line 1).
 */
import type { ReactNode } from 'react'
import { ApiError } from '../../api/problem.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { Stat } from '../../ui/Stat.tsx'
import { readCsv } from './csv.ts'
import type { ImportAnswer } from './ImportPage.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'

const SHOWN = 200

/** The API's reasons per line of the file (loc: ['body', line, column]). */
function reasonsByLine(error: unknown): Map<number, string[]> {
  const out = new Map<number, string[]>()
  if (!(error instanceof ApiError)) return out
  for (const e of error.problem.errors ?? []) {
    const [, line, column] = e.loc
    if (typeof line !== 'number') continue
    const text = column === undefined ? e.msg : `${String(column)}: ${e.msg}`
    out.set(line, [...(out.get(line) ?? []), text])
  }
  return out
}

export function ImportPreview({
  csv,
  fileName,
  answer,
  error,
}: {
  csv: string
  fileName: string
  answer: ImportAnswer | undefined
  error: unknown
}) {
  const { header, rows, total } = readCsv(csv, SHOWN)
  const reasons = reasonsByLine(error)
  const headerReasons = reasons.get(1)
  return (
    <Section title={`Dry run of ${fileName}`}>
      {answer ? (
        <Counts answer={answer} verb="would be" />
      ) : (
        <>
          <ProblemAlert error={error} />
          {headerReasons && (
            <ul className="problem" aria-label="Problems with the header">
              {headerReasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </>
      )}
      <TableWrap label="Rows of the file">
        <table aria-label="Rows of the file">
          <thead>
            <tr>
              <th scope="col">Line</th>
              {header.map((h, i) => (
                <th scope="col" key={i}>
                  {h || `Column ${i + 1}`}
                </th>
              ))}
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const why = reasons.get(r.line)
              return (
                <tr key={r.line} data-line={r.line} className={why ? 'refused' : undefined}>
                  <th scope="row">{r.line}</th>
                  {header.map((_, i) => (
                    <td key={i}>{r.cells[i] ?? ''}</td>
                  ))}
                  <td className={why ? 'down' : ''}>
                    {why ? `Refused: ${why.join('; ')}` : answer ? 'OK' : '—'}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableWrap>
      {total > rows.length && (
        <p className="muted">
          The first {rows.length} of {total} rows are shown.
        </p>
      )}
    </Section>
  )
}

function Counts({ answer, verb }: { answer: ImportAnswer; verb: string }) {
  return (
    <>
      <div className="stats">
        <Stat label="Rows read" value={answer.rows} />
        <Stat label={`Rows that ${verb} imported`} value={answer.imported} />
        <Stat
          label="Duplicates skipped"
          value={answer.skipped_duplicates}
          sub="already stored or repeated in the file"
        />
      </div>
      {answer.ignored_columns.length > 0 && (
        <p className="muted">Columns not read: {answer.ignored_columns.join(', ')}</p>
      )}
      {answer.dry_run && answer.imported === 0 && (
        <p className="notice">Every row is already stored: importing this file would add nothing.</p>
      )}
    </>
  )
}

export function ImportResult({ answer, children }: { answer: ImportAnswer; children: ReactNode }) {
  return (
    <Section title="Imported">
      <p role="status">
        {answer.imported} {answer.kind === 'positions' ? 'holding' : 'closed trade'}
        {answer.imported === 1 ? '' : 's'} imported.
      </p>
      <Counts answer={answer} verb="were" />
      {children}
    </Section>
  )
}
