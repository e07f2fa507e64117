import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

export const DEFAULT_WINDOW_MINUTES = 30
/** A whole regular session. */
export const MAX_WINDOW_MINUTES = 390

export const VolumeLeadersQuery = Type.Object({
  ...PageQuery.properties,
  window_minutes: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_WINDOW_MINUTES,
      description:
        'Window length in regular-session minutes, 1–390; default 30. With a cursor, the ' +
        "cursor's window is used (a different value here is a 422)",
    }),
  ),
})
export type VolumeLeadersQueryInput = Static<typeof VolumeLeadersQuery>

export const VolumeLeaderSchema = Type.Object({
  symbol: Type.String(),
  volume: Type.Number({ description: 'Summed volume of the 1-minute bars of the window' }),
  vwap: Type.Union([Type.Number(), Type.Null()], { description: 'Over the window; null without volume' }),
  price_change: Type.Number({ description: "Last close − first close of the window's bars" }),
  change_pct: Type.Number({ description: 'price_change relative to the first close, percent' }),
  rel_volume_z: Type.Union([Type.Number(), Type.Null()], {
    description:
      '(volume − mean) / sample stdev of the same wall-clock window on the previous 5 trading ' +
      'days; null when the stdev is 0 or fewer than 2 days cover the window (early closes)',
  }),
})
export type VolumeLeader = Static<typeof VolumeLeaderSchema>

export const WindowSchema = Type.Object({
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time', description: 'Exclusive' }),
})

const LeadersPage = Page(VolumeLeaderSchema)
export const VolumeLeadersPage = Type.Object({
  ...LeadersPage.properties,
  market_status: Type.Enum(['pre', 'regular', 'post', 'closed'], {
    description: 'NYSE session at the time of the request',
  }),
  window: WindowSchema,
})
export type VolumeLeadersPageOut = Static<typeof VolumeLeadersPage>
