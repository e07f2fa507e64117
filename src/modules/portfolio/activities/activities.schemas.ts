import { Id, MULTI_LINE, MultilineText, Nullable } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { ACTIVITY_SOURCES, ACTIVITY_TYPES } from '../portfolio.tables.ts'
import { DATE_FORMATS } from '../manual/lib/csv-dates.ts'

const TypeEnum = Type.Enum([...ACTIVITY_TYPES], {
  description: 'What happened (see the description of the route)',
})
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD, not after today (New York)' })
const Symbol = Type.String({ pattern: '^[A-Za-z0-9.\\-^]{1,16}$', description: 'Ticker, e.g. AAPL, BRK.B' })
const Quantity = Type.Number({
  minimum: 0,
  maximum: 1e12,
  description: 'Shares (> 0); for SPLIT the ratio, new shares per old share. At most 8 decimals.',
})
const Price = Type.Number({ minimum: 0, maximum: 1e13, description: 'Per share, at most 6 decimals' })
const Amount = Type.Number({
  minimum: -1e13,
  maximum: 1e13,
  description:
    'Gross money of the event, positive in its usual direction; at most 4 decimals. BUY/SELL and ' +
    'securities transfers: defaults to quantity × price, else must be within a cent of it. Negative only ' +
    'for DIVIDEND, INTEREST (reversal), FEE, TAX (refund).',
})
const Fee = Type.Number({ minimum: 0, maximum: 1e13, description: 'Always a cost (≥ 0), at most 4 decimals' })
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: "ISO 4217; defaults to the account's" })
const AllowUnlisted = Type.Boolean({
  description: 'Default false. Accept a symbol the market data provider does not list (a private holding)',
})
const Note = MultilineText({ maxLength: 500 })

export const ActivitySchema = Type.Object({
  activity_id: Type.Integer(),
  account_id: Type.Integer(),
  type: TypeEnum,
  date: Type.String({ format: 'date' }),
  symbol: Nullable(Type.String()),
  quantity: Nullable(Type.Number({ description: 'Exact, as stored (8 decimals at most)' })),
  price: Nullable(Type.Number({ description: 'Exact, as stored (6 decimals at most)' })),
  amount: Type.Number({ description: 'Exact, as stored (4 decimals at most)' }),
  fee: Type.Number(),
  currency: Type.String(),
  source: Type.Enum([...ACTIVITY_SOURCES]),
  source_id: Nullable(Type.String({ description: 'The id of the row at its source (de-duplication)' })),
  note: Nullable(Type.String()),
  cash_effect: Type.Number({
    description: "Signed change of the account's cash in `currency` (amount and fee by type)",
  }),
  capital_flow_id: Nullable(
    Type.Integer({ description: 'The capital flow a DEPOSIT, WITHDRAWAL or TRANSFER made, else null' }),
  ),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type Activity = Static<typeof ActivitySchema>
export const ActivityList = Page(ActivitySchema)

const IdList = Type.String({
  pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,99}$',
  description: 'Comma-separated account ids (at most 100)',
})
const TypeList = Type.String({
  pattern: `^(${ACTIVITY_TYPES.join('|')})(,(${ACTIVITY_TYPES.join('|')})){0,10}$`,
  description: 'Comma-separated types, e.g. BUY,SELL',
})
export const ActivityFilterQuery = Type.Object({
  account_id: Type.Optional(Id()),
  account_ids: Type.Optional(IdList),
  type: Type.Optional(TypeList),
  symbol: Type.Optional(Symbol),
  source: Type.Optional(Type.Enum([...ACTIVITY_SOURCES])),
  from: Type.Optional(Type.String({ format: 'date', description: 'First day (inclusive)' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'Last day (inclusive)' })),
})
export type ActivityFilterInput = Static<typeof ActivityFilterQuery>
export const ActivityQuery = Type.Object({ ...PageQuery.properties, ...ActivityFilterQuery.properties })

export const CreateActivityBody = Type.Object(
  {
    account_id: Id(),
    type: TypeEnum,
    date: Day,
    symbol: Type.Optional(Symbol),
    quantity: Type.Optional(Quantity),
    price: Type.Optional(Price),
    amount: Type.Optional(Amount),
    fee: Type.Optional(Fee),
    currency: Type.Optional(Currency),
    note: Type.Optional(Note),
    allow_unlisted: Type.Optional(AllowUnlisted),
  },
  { additionalProperties: false },
)
export type CreateActivityInput = Static<typeof CreateActivityBody>

export const PatchActivityBody = Type.Object(
  {
    type: Type.Optional(TypeEnum),
    date: Type.Optional(Day),
    symbol: Type.Optional(Nullable(Symbol)),
    quantity: Type.Optional(Nullable(Quantity)),
    price: Type.Optional(Nullable(Price)),
    amount: Type.Optional(Nullable(Amount)),
    fee: Type.Optional(Fee),
    currency: Type.Optional(Currency),
    note: Type.Optional(Nullable(Note)),
    allow_unlisted: Type.Optional(AllowUnlisted),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type PatchActivityInput = Static<typeof PatchActivityBody>
export const ActivityParams = Type.Object({ activity_id: Id() })

export const ImportActivitiesQuery = Type.Object({
  account_id: Type.Optional(Id({ description: 'The account of rows without an account_id column' })),
  dry_run: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'Validate and count without writing; answers as the import would',
    }),
  ),
  date_format: Type.Optional(
    Type.Enum([...DATE_FORMATS], {
      default: 'auto',
      description:
        'As for the manual import: YYYY-MM-DD always; auto/us read slash dates month/day, dmy day/month',
    }),
  ),
  allow_unlisted: Type.Optional(
    Type.Boolean({ default: false, description: 'Accept symbols the market data provider does not list' }),
  ),
})

export const ImportActivitiesBody = Type.String({
  // Line breaks and tabs are a CSV's own; any other control character is refused.
  pattern: MULTI_LINE,
  description:
    'CSV (RFC 4180, UTF-8, optional BOM): a header line, then at most 20,000 rows. Columns by header, in any ' +
    'order, case-insensitive: date, type, symbol, quantity, price, amount, fee, currency, note, and optional ' +
    'account_id and source_id. activity_id, account_name, source and cash_effect (what the export adds) are ' +
    'read and ignored, so an export imports back.',
})

export const DuplicateSchema = Type.Object({
  line: Type.Integer({ description: '1-based line in the file (the header is line 1)' }),
  reason: Type.Enum(['in_file', 'stored'], {
    description: 'in_file: the same as an earlier row; stored: the account already has it',
  }),
})

export const ImportActivitiesResult = Type.Object({
  dry_run: Type.Boolean(),
  rows: Type.Integer({ description: 'Data rows read (blank lines excluded)' }),
  imported: Type.Integer({ description: 'Rows written (on a dry run: rows that would be written)' }),
  skipped_duplicates: Type.Integer(),
  duplicates: Type.Array(DuplicateSchema, { description: 'The rows skipped as duplicates (at most 100)' }),
  capital_flows: Type.Integer({ description: 'Capital flows made (deposits, withdrawals, transfers)' }),
  errors: Type.Array(
    Type.Object({ line: Type.Integer(), column: Type.Optional(Type.String()), msg: Type.String() }),
    { description: 'Always empty on 200: any row error answers 422 and imports nothing' },
  ),
  ignored_columns: Type.Array(Type.String()),
})
export type ImportActivitiesOutcome = Static<typeof ImportActivitiesResult>
