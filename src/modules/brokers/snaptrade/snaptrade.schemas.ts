/** Request schemas of SnapTrade's own route: the query its connection portal returns with. */
import { Type } from 'typebox'
import { Text } from '../../../platform/http/schemas.ts'
import { State } from '../connections/connections.schemas.ts'

const ConnectionIdParam = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$', description }))

export const CallbackQuery = Type.Object({
  subbroker_slug: Type.String({
    pattern: '^[A-Za-z0-9_-]{1,64}$',
    description: 'The brokerage connected (its slug at the aggregator, e.g. ALPACA); required',
  }),
  external_connection_id: ConnectionIdParam('The aggregator’s connection id (any one of the four names)'),
  connection_id: ConnectionIdParam('The aggregator’s connection id, as its portal names it'),
  brokerage_authorization_id: ConnectionIdParam('The aggregator’s connection id (brokerage authorization)'),
  brokerageAuthorizationId: ConnectionIdParam('The aggregator’s connection id (camelCase form)'),
  state: Type.Optional(State('The signed single-use state our portal link carried')),
  status: Type.Optional(
    Text({
      maxLength: 32,
      description: 'The portal’s outcome: SUCCESS; ERROR or ABANDONED are a 422',
    }),
  ),
  error_code: Type.Optional(Text({ maxLength: 64, description: 'With status=ERROR: the portal’s code' })),
  status_code: Type.Optional(Text({ maxLength: 8, description: 'With status=ERROR: an HTTP status' })),
})
