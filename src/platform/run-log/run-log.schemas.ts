/** The wire shapes of a run log: a run id parameter, a run's status, and a poll of its events. */
import { Type } from 'typebox'
import { EVENTS_PAGE_MAX } from './run-log.ts'
import { RUN_STATUSES } from './run-states.ts'

const Json = Type.Record(Type.String(), Type.Unknown())

export const RunStatusSchema = Type.Enum([...RUN_STATUSES])

/** `{run_id}` in a path: a 26-character ULID; `description` as the route documents it. */
export const RunIdParams = (description: string) =>
  Type.Object({
    run_id: Type.String({ pattern: '^[0-9A-HJKMNP-TV-Z]{26}$', minLength: 26, maxLength: 26, description }),
  })

export const RunEventsQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Only events with seq > after (default 0)' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: EVENTS_PAGE_MAX,
      description: `At most this many (default and max ${EVENTS_PAGE_MAX})`,
    }),
  ),
})

export const RunEvent = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  kind: Type.String(),
  payload: Json,
  created_at: Type.String({ format: 'date-time' }),
})

/** What a poll answers (RunLog.poll); `nextAfter` documents its `next_after`. */
export const RunEventList = (nextAfter: { description?: string } = {}) =>
  Type.Object({
    run_id: Type.String(),
    status: RunStatusSchema,
    items: Type.Array(RunEvent),
    next_after: Type.Integer({ minimum: 0, ...nextAfter }),
  })
