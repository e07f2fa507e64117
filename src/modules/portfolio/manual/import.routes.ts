/** CSV import of manual transactions and positions (a `text/csv` body, parsed only in this scope). */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as I from './import.schemas.ts'
import type { ImportService } from './import.service.ts'

const CSV_LIMIT = 5 * 1024 * 1024

export function importRoutes(app: App, { imports }: { imports: ImportService }): void {
  void app.register(async (scoped: App) => {
    // Only text/csv here: any other content type answers 415, and other routes keep their parsers.
    scoped.removeAllContentTypeParsers()
    scoped.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_LIMIT }, (_req, body, done) =>
      done(null, body),
    )
    scoped.post(
      '/api/brokers/manual/import',
      {
        bodyLimit: CSV_LIMIT,
        schema: {
          operationId: 'importManualCsv',
          summary: 'Import manual transactions or positions from a CSV file (all or nothing)',
          description:
            'Reads a broker-style CSV export into a manual account. Rows already stored (live) or ' +
            'repeated in the file are skipped and counted, so re-importing a file imports nothing new. ' +
            'All or nothing: if any row is invalid the answer is 422 `import.invalid_rows` and nothing ' +
            'is written; its `errors` carry `loc: ["body", <line>, <column header>]` (line 1 is the ' +
            'header; at most 100 listed, `error_count` gives the total). A dry run validates and counts ' +
            'without writing and answers exactly as the import would (so also 422 on bad rows). Other ' +
            '422 codes: import.empty, import.malformed_csv, import.missing_columns, ' +
            'import.duplicate_column, import.too_many_rows. Imported transactions have source=import.',
          examples: {
            query: { account_id: 1, kind: 'transactions', dry_run: true },
            body:
              'Symbol,Quantity,Date Acquired,Date Sold,Proceeds,Cost Basis,Fees\n' +
              'AAPL,10,2024-03-01,2025-02-14,"$2,441.20","$1,795.40",1.00\n' +
              'MSFT,5,VARIOUS,2025-06-30,"2,470.05","1,910.00",0\n',
            200: {
              description: 'What was (or, on a dry run, would be) imported',
              value: {
                kind: 'transactions',
                dry_run: true,
                rows: 2,
                imported: 2,
                skipped_duplicates: 0,
                errors: [],
                ignored_columns: [],
              },
            },
          },
          tags: ['manual holdings'],
          consumes: ['text/csv'],
          querystring: I.ImportQuery,
          body: I.ImportCsvBody,
          response: { 200: I.ImportResultSchema, ...problems(401, 404, 413, 415, 422) },
        },
      },
      (req) =>
        imports.importCsv(scopeOf(req), { ...req.query, dry_run: req.query.dry_run ?? false }, req.body),
    )
  })
}
