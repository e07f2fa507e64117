/** GET /api/export/activities.csv and .json: the whole ledger the filters match, as a file. */
import { Type } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from './activities.schemas.ts'
import type { ActivityExportService } from './export.service.ts'

const tags = ['activities']
const FILTERS =
  'The same filters as GET /api/activities (account_id, account_ids, type, symbol, source, from, to), every ' +
  "matching row (no paging), newest first. 404 when an account id is not the tenant's."

const ExportJson = Type.Object({
  items: Type.Array(Type.Object({ ...S.ActivitySchema.properties, account_name: Type.String() })),
  count: Type.Integer(),
})

const CSV_EXAMPLE =
  'date,type,symbol,quantity,price,amount,fee,currency,note,account_id,source_id,activity_id,account_name,source,cash_effect\r\n' +
  '2026-11-20,BUY,AAPL,10,150.025,1500.25,1,USD,,1,,41,Brokerage,manual,-1501.25\r\n'

export function activityExportRoutes(
  app: App,
  { activityExports }: { activityExports: ActivityExportService },
): void {
  app.get(
    '/api/export/activities.csv',
    {
      schema: {
        operationId: 'exportActivitiesCsv',
        summary: 'The activity ledger as CSV (RFC 4180)',
        description:
          `${FILTERS} CSV per RFC 4180: CRLF line ends, a field with a comma, quote, line break or edge blank is ` +
          'quoted and its quotes doubled; UTF-8 without BOM. Columns: date, type, symbol, quantity, price, amount, ' +
          'fee, currency, note, account_id, source_id (what POST /api/activities/import reads) and activity_id, ' +
          'account_name, source, cash_effect (which it ignores), so an export imports back into another account. ' +
          'Decimals are exact as stored, with a dot and no thousands separator.',
        examples: {
          query: { account_id: 1, from: '2026-01-01' },
          200: { description: 'The CSV file', mediaType: 'text/csv', value: CSV_EXAMPLE },
        },
        tags,
        querystring: S.ActivityFilterQuery,
        response: { 200: Type.String({ description: 'text/csv' }), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      const body = await activityExports.csv(scopeOf(req), req.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activities.csv"')
        .send(body)
    },
  )
  app.get(
    '/api/export/activities.json',
    {
      schema: {
        operationId: 'exportActivitiesJson',
        summary: 'The activity ledger as JSON',
        description: `${FILTERS} Each item is a GET /api/activities item with its account_name.`,
        examples: {
          query: { type: 'DIVIDEND,INTEREST' },
          200: {
            description: 'Every matching activity',
            value: {
              items: [
                {
                  activity_id: 44,
                  account_id: 1,
                  account_name: 'Club brokerage',
                  type: 'DIVIDEND',
                  date: '2026-11-13',
                  symbol: 'AAPL',
                  quantity: null,
                  price: null,
                  amount: 2.6,
                  fee: 0,
                  currency: 'USD',
                  source: 'manual',
                  source_id: null,
                  note: null,
                  cash_effect: 2.6,
                  capital_flow_id: null,
                  created_at: '2026-11-24T15:30:00.000Z',
                  updated_at: '2026-11-24T15:30:00.000Z',
                },
              ],
              count: 1,
            },
          },
        },
        tags,
        querystring: S.ActivityFilterQuery,
        response: { 200: ExportJson, ...problems(401, 404, 422) },
      },
    },
    (req) => activityExports.json(scopeOf(req), req.query),
  )
}
