/**
 * The export routes: holdings and a tax year's realized gains, each as CSV (RFC 4180: a header
 * record, CRLF line ends, a field quoted when it holds a comma, a quote or a line break, quotes
 * doubled; text/csv; charset=utf-8) and as JSON, both sent as attachments with a filename.
 */
import type { FastifyReply } from 'fastify'
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HOLDINGS_EXAMPLE } from '../valuation/holdings.examples.ts'
import { HoldingsExport, HoldingsExportQuery } from '../valuation/holdings.schemas.ts'
import { HOLDINGS_DOC } from '../valuation/holdings.routes.ts'
import * as S from './exports.schemas.ts'
import { csvOf, HOLDINGS_COLUMNS, REALIZED_COLUMNS, type ExportsService } from './exports.service.ts'

const tags = ['exports']
const errors = problems(401, 403, 404, 422)
const CSV_DOC =
  'CSV per RFC 4180: a header record with the JSON item field names, one record per item, CRLF line ends, ' +
  'a field enclosed in double quotes when it holds a comma, a double quote or a line break (quotes doubled), ' +
  'an empty field for null, numbers in plain decimal form; UTF-8 without a byte-order mark.'
const REALIZED_DOC =
  'Each trade sold in the tax year (year, default the current one), oldest sale first: date acquired and sold, ' +
  'quantity, proceeds, cost basis, fees and gain as recorded, rounded to cents; term long when the lot was held ' +
  'more than one year, short otherwise, as the trade row says (unknown when acquired on several dates); the ' +
  'account’s cost basis method (fifo or average: how its sales are matched to lots); totals per currency and ' +
  'term. Amounts are in the account’s currency, not converted. Archived accounts count up to their archive ' +
  "date. Scoping as the analytics (404 for an account not the tenant's)."

const REALIZED_ROW = {
  trade_id: 459,
  account_id: 1,
  account_name: 'Club brokerage',
  cost_basis_method: 'fifo',
  symbol: 'MSFT',
  quantity: 10,
  date_acquired: '2023-02-01',
  date_sold: '2025-06-03',
  proceeds: 4251.3,
  cost_basis: 2560,
  fees: 1.3,
  gain: 1690,
  term: 'long',
  currency: 'USD',
}
const SUM = { trades: 1, proceeds: 4251.3, cost_basis: 2560, fees: 1.3, gain: 1690 }
const NONE = { trades: 0, proceeds: 0, cost_basis: 0, fees: 0, gain: 0 }
const REALIZED_EXAMPLE = {
  year: 2025,
  items: [REALIZED_ROW],
  totals: [{ currency: 'USD', short_term: NONE, long_term: SUM, unknown_term: NONE, all: SUM }],
}

function attachment(reply: FastifyReply, filename: string, type: string): FastifyReply {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`)
}

export function exportsRoutes(app: App, { exports }: { exports: ExportsService }): void {
  holdingsExportRoutes(app, exports)
  realizedExportRoutes(app, exports)
}

function holdingsExportRoutes(app: App, exports: ExportsService): void {
  const schema = (format: 'csv' | 'json') => ({
    operationId: format === 'csv' ? 'exportHoldingsCsv' : 'exportHoldingsJson',
    summary: `Current holdings as ${format.toUpperCase()} (the holdings list, every row)`,
    description: `${HOLDINGS_DOC} Every row, largest market_value_base first.${format === 'csv' ? ` ${CSV_DOC}` : ''}`,
    tags,
    querystring: HoldingsExportQuery,
  })
  app.get(
    '/api/export/holdings.csv',
    {
      schema: {
        ...schema('csv'),
        examples: {
          query: { account_ids: '1,2' },
          200: {
            description: 'The holdings',
            mediaType: 'text/csv',
            value: csvOf(HOLDINGS_COLUMNS, HOLDINGS_EXAMPLE.items),
          },
        },
        response: errors,
      },
    },
    async (req, reply) => {
      const out = await exports.holdings(scopeOf(req), req.query)
      return attachment(reply, `holdings-${out.as_of}.csv`, 'text/csv; charset=utf-8').send(
        csvOf(HOLDINGS_COLUMNS, out.items),
      )
    },
  )
  app.get(
    '/api/export/holdings.json',
    {
      schema: {
        ...schema('json'),
        examples: {
          query: { account_ids: '1,2' },
          200: { description: 'The holdings and totals', value: HOLDINGS_EXAMPLE },
        },
        response: { 200: HoldingsExport, ...errors },
      },
    },
    async (req, reply) => {
      const out = await exports.holdings(scopeOf(req), req.query)
      attachment(reply, `holdings-${out.as_of}.json`, 'application/json; charset=utf-8')
      return out
    },
  )
}

function realizedExportRoutes(app: App, exports: ExportsService): void {
  app.get(
    '/api/export/realized-gains.csv',
    {
      schema: {
        operationId: 'exportRealizedGainsCsv',
        summary: "A tax year's realized gains as CSV: dates, proceeds, cost basis, fees, gain, term, method",
        description: `${REALIZED_DOC} The CSV has the trades only (the totals are in the JSON export). ${CSV_DOC}`,
        tags,
        querystring: S.RealizedGainsQuery,
        examples: {
          query: { year: 2025 },
          200: {
            description: 'The trades of 2025',
            mediaType: 'text/csv',
            value: csvOf(REALIZED_COLUMNS, [REALIZED_ROW]),
          },
        },
        response: errors,
      },
    },
    async (req, reply) => {
      const out = await exports.realizedGains(scopeOf(req), req.query)
      return attachment(reply, `realized-gains-${out.year}.csv`, 'text/csv; charset=utf-8').send(
        csvOf(REALIZED_COLUMNS, out.items),
      )
    },
  )
  app.get(
    '/api/export/realized-gains.json',
    {
      schema: {
        operationId: 'exportRealizedGainsJson',
        summary: "A tax year's realized gains as JSON, with short- and long-term totals",
        description: REALIZED_DOC,
        tags,
        querystring: S.RealizedGainsQuery,
        examples: {
          query: { year: 2025 },
          200: { description: 'The trades of 2025 and their totals', value: REALIZED_EXAMPLE },
        },
        response: { 200: S.RealizedGainsExport, ...errors },
      },
    },
    async (req, reply) => {
      const out = await exports.realizedGains(scopeOf(req), req.query)
      attachment(reply, `realized-gains-${out.year}.json`, 'application/json; charset=utf-8')
      return out
    },
  )
}
