/** POST /api/activities/import: an activities CSV (a `text/csv` body, parsed only in this scope). */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from './activities.schemas.ts'
import type { ActivityImportService } from './import.service.ts'

const CSV_LIMIT = 5 * 1024 * 1024

export function activityImportRoutes(
  app: App,
  { activityImports }: { activityImports: ActivityImportService },
): void {
  void app.register(async (scoped: App) => {
    // Only text/csv here: any other content type answers 415, and other routes keep their parsers.
    scoped.removeAllContentTypeParsers()
    scoped.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_LIMIT }, (_req, body, done) =>
      done(null, body),
    )
    scoped.post(
      '/api/activities/import',
      {
        bodyLimit: CSV_LIMIT,
        schema: {
          operationId: 'importActivitiesCsv',
          summary: 'Import activities from a CSV file (all or nothing, with a dry run)',
          description:
            'Reads activities (source csv) into the account of each row (its account_id column, else the ' +
            "account_id query parameter; 404 when that one is not the tenant's). Each row obeys the rules of " +
            'POST /api/activities. All or nothing: any invalid row answers 422 `import.invalid_rows` with ' +
            '`errors` at `loc: ["body", <line>, <column header>]` (line 1 is the header; at most 100 listed, ' +
            '`error_count` the total) and nothing is written. Duplicates are skipped and listed: a row with a ' +
            'source_id that the account (or an earlier row) already has; a row without one that has the same ' +
            'date, type, symbol, quantity, amount, fee and currency as a stored activity of the account or an ' +
            'earlier row. A row without source_id is stored with a hash of its content as source_id, so importing ' +
            'the same file again imports nothing. A dry run does everything but commit, and answers exactly as ' +
            'the import would. Other 422 codes: import.empty, import.malformed_csv, import.missing_columns, ' +
            'import.duplicate_column, import.too_many_rows, activities.oversold.',
          examples: {
            query: { account_id: 1, dry_run: true },
            body:
              'date,type,symbol,quantity,price,amount,fee,currency,note\r\n' +
              '2026-11-18,DEPOSIT,,,,5000,0,USD,\r\n' +
              '2026-11-20,BUY,AAPL,10,150.025,1500.25,1,USD,"first lot, small"\r\n',
            200: {
              description: 'What was (or, on a dry run, would be) imported',
              value: {
                dry_run: true,
                rows: 2,
                imported: 2,
                skipped_duplicates: 0,
                duplicates: [],
                capital_flows: 1,
                errors: [],
                ignored_columns: [],
              },
            },
          },
          tags: ['activities'],
          consumes: ['text/csv'],
          querystring: S.ImportActivitiesQuery,
          body: S.ImportActivitiesBody,
          response: { 200: S.ImportActivitiesResult, ...problems(401, 404, 409, 413, 415, 422) },
        },
      },
      (req) =>
        activityImports.importCsv(
          scopeOf(req),
          { ...req.query, dry_run: req.query.dry_run ?? false },
          req.body,
        ),
    )
  })
}
