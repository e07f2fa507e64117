import { Id, MULTI_LINE } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'
import { DATE_FORMATS } from './lib/csv-dates.ts'

export const ImportKindSchema = Type.Enum(['transactions', 'positions'], {
  description: 'transactions: closed trades; positions: holdings',
})
export type ImportKind = Static<typeof ImportKindSchema>

export const ImportQuery = Type.Object({
  account_id: Id({ description: 'A manual account of the caller' }),
  kind: ImportKindSchema,
  dry_run: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'Validate and count without writing; answers exactly what the import would',
    }),
  ),
  date_format: Type.Optional(
    Type.Enum([...DATE_FORMATS], {
      default: 'auto',
      description:
        'How dates are written. YYYY-MM-DD is always accepted. iso: only that. us: also ' +
        'MM/DD/YYYY, M/D/YYYY and M/D/YY. dmy: also DD/MM/YYYY, D/M/YYYY and D/M/YY. auto (default): ' +
        'as us (US brokers export month/day), after checking the whole file: a slash date that ' +
        'can only be day/month (13/01/2024) answers 422 import.date_format naming it, so a ' +
        'day/month file is never misread; send dmy for those. Two-digit years: 00–60 are ' +
        '2000–2060, 61–99 are 1961–1999. Dates are stored as YYYY-MM-DD; a date_sold that is ' +
        'not a date in the format is kept as text and left out of dated analytics.',
    }),
  ),
  allow_unlisted: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'Accept symbols the market data provider does not list (private holdings); otherwise ' +
        'each row with one is an error naming it',
    }),
  ),
})

/** The file's columns: the canonical name first, then the headers brokers' exports use for it. */
export interface ImportColumn {
  field: string
  aliases: readonly string[]
  required: boolean
}
const column = (field: string, required: boolean, ...aliases: string[]): ImportColumn => ({
  field,
  aliases,
  required,
})
const SYMBOL = column('symbol', true, 'ticker')
const QUANTITY = column('quantity', true, 'qty', 'shares')
const COST = column('cost_basis', true, 'cost basis', 'cost')
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  transactions: [
    SYMBOL,
    QUANTITY,
    column('date_acquired', true, 'acquired', 'open date', 'date acquired'),
    column('date_sold', true, 'sold', 'close date', 'date sold'),
    column('proceeds', true, 'sale proceeds'),
    COST,
    column('fees', false, 'commission', 'commissions'),
    column('gain_loss', false, 'gain/loss', 'realized gain/loss'),
  ],
  positions: [SYMBOL, QUANTITY, COST, column('as_of', false, 'date')],
}

const listColumns = (kind: ImportKind) =>
  IMPORT_COLUMNS[kind]
    .map(
      (c) =>
        `${c.required ? '' : 'optional '}${c.field}${c.aliases.length ? ` (${c.aliases.join(', ')})` : ''}`,
    )
    .join(', ')

export const ImportCsvBody = Type.String({
  pattern: MULTI_LINE,
  description:
    'CSV (RFC 4180, UTF-8, optional BOM): a header line, then at most 20,000 rows. Headers are ' +
    `case-insensitive; aliases in parentheses. transactions: ${listColumns('transactions')}. ` +
    `positions: ${listColumns('positions')}. Dates are YYYY-MM-DD (date_acquired may be VARIOUS; ` +
    'date_sold is stored as given); gain_loss defaults to proceeds − cost_basis − fees; as_of to ' +
    'today in New York. Amounts may carry $, thousands separators and (parentheses) for negatives. ' +
    'Other columns are ignored and listed in ignored_columns.',
})

export const RowErrorSchema = Type.Object({
  line: Type.Integer({ description: '1-based line in the file (the header is line 1)' }),
  column: Type.Optional(Type.String({ description: 'The column header as written in the file' })),
  msg: Type.String(),
})
export type RowError = Static<typeof RowErrorSchema>

export const ImportResultSchema = Type.Object({
  kind: ImportKindSchema,
  dry_run: Type.Boolean(),
  rows: Type.Integer({ description: 'Data rows read (blank lines excluded)' }),
  imported: Type.Integer({ description: 'Rows written (on a dry run: rows that would be written)' }),
  skipped_duplicates: Type.Integer({
    description: 'Rows already stored, or repeated earlier in the file, that were skipped',
  }),
  errors: Type.Array(RowErrorSchema, {
    description: 'Always empty on 200: any row error answers 422 and imports nothing',
  }),
  ignored_columns: Type.Array(Type.String(), { description: 'Headers that map to no field, as written' }),
})
export type ImportResult = Static<typeof ImportResultSchema>
