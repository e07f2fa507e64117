/** GET /api/instruments and GET /api/instruments/{symbol}: symbol search and metadata. */
import { NOT_BLANK, Text } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

export const INSTRUMENT_TYPES = ['stock', 'etf', 'inverse_etf', 'index'] as const

export const InstrumentSchema = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  exchange: Type.String({ description: "Listing venue; '' when the provider does not say" }),
  type: Type.Enum([...INSTRUMENT_TYPES]),
  sector: Type.Union([Type.String(), Type.Null()], {
    description: 'GICS sector; null for indices and broad funds',
  }),
  industry: Type.Union([Type.String(), Type.Null()], { description: 'GICS industry or fund category' }),
  market_cap: Type.Union([Type.Number(), Type.Null()], {
    description: 'USD; null where it does not apply or the provider has none',
  }),
  currency: Type.String({ description: 'ISO 4217 code of the currency the instrument is quoted in' }),
  country: Type.Union([Type.String(), Type.Null()], {
    description: "ISO 3166 alpha-2 of the issuer's home country; null for funds, indices and when unknown",
  }),
})
export type InstrumentOut = Static<typeof InstrumentSchema>

// One object (not an intersection), so the OpenAPI document lists each query parameter.
export const InstrumentsQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: NOT_BLANK,
      errorMessage: { pattern: 'must not be blank' },
      description: 'Text to find in tickers and names (case-insensitive); omitted: every instrument',
    }),
  ),
  type: Type.Optional(Type.Enum([...INSTRUMENT_TYPES], { description: 'Only this kind of instrument' })),
  sector: Type.Optional(
    Text({ minLength: 1, maxLength: 64, description: 'Only this GICS sector (case-insensitive)' }),
  ),
  ...PageQuery.properties,
})
export type InstrumentsQueryInput = Static<typeof InstrumentsQuery>

export const InstrumentsPage = Page(InstrumentSchema)
