/** The activity ledger: list, manual entry, correction and deletion (import and export beside it). */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import * as S from './activities.schemas.ts'
import type { ActivitiesService } from './activities.service.ts'
import { activityExportRoutes } from './export.routes.ts'
import { activityImportRoutes } from './import.routes.ts'
import type { ActivityImportService } from './import.service.ts'
import type { ActivityExportService } from './export.service.ts'

const tags = ['activities']

const BUY = {
  activity_id: 41,
  account_id: 1,
  type: 'BUY' as const,
  date: '2026-11-20',
  symbol: 'AAPL',
  quantity: 10,
  price: 150.025,
  amount: 1500.25,
  fee: 1,
  currency: 'USD',
  source: 'manual' as const,
  source_id: null,
  note: null,
  cash_effect: -1501.25,
  capital_flow_id: null,
  created_at: '2026-11-24T15:30:00.000Z',
  updated_at: '2026-11-24T15:30:00.000Z',
}
const DEPOSIT = {
  ...BUY,
  activity_id: 40,
  type: 'DEPOSIT' as const,
  date: '2026-11-18',
  symbol: null,
  quantity: null,
  price: null,
  amount: 5000,
  fee: 0,
  cash_effect: 5000,
  capital_flow_id: 12,
}

const RULES =
  'Types and what they do: BUY (cash −amount−fee, shares +quantity), SELL (cash +amount−fee, shares −quantity), ' +
  'DIVIDEND and INTEREST (cash +amount−fee; negative amount = reversal), FEE and TAX (cash −amount−fee; negative ' +
  '= refund), DEPOSIT and WITHDRAWAL (cash ±amount, and a capital flow of the owner investor), TRANSFER_IN/OUT ' +
  '(without symbol: cash and a capital flow; with symbol, quantity and price: securities worth amount, a capital ' +
  'flow and no cash but the fee), SPLIT (symbol, quantity = ratio of new shares per old share). amount is the ' +
  'gross money, positive in its usual direction; fee is always a cost. BUY/SELL and securities transfers take ' +
  'symbol, quantity > 0 and price ≥ 0; amount defaults to quantity × price and otherwise must be within a cent of ' +
  "it. date is YYYY-MM-DD, not after today (New York); currency defaults to the account's. In a manual account, " +
  'BUY, SELL, SPLIT and securities transfers derive the holdings (one snapshot per day the holding changes) and ' +
  "the realized trades (lot matching, FIFO or the account's average cost); a sale of more shares than held is a " +
  '422 activities.oversold, and a symbol kept as manual positions answers 409 activities.symbol_held_as_position. ' +
  'An archived account answers 409 activities.account_archived; an unknown symbol 422 unless allow_unlisted.'

export function activitiesRoutes(
  app: App,
  deps: {
    activities: ActivitiesService
    activityImports: ActivityImportService
    activityExports: ActivityExportService
  },
): void {
  listRoute(app, deps)
  createRoute(app, deps)
  patchRoute(app, deps)
  deleteRoute(app, deps)
  activityImportRoutes(app, deps)
  activityExportRoutes(app, deps)
}

function listRoute(app: App, { activities }: { activities: ActivitiesService }): void {
  app.get(
    '/api/activities',
    {
      schema: {
        operationId: 'listActivities',
        summary: "The accounts' activity ledger, newest first",
        description:
          'Activities of the tenant (or of account_id / account_ids), newest first (date, then id, descending), ' +
          'filtered by type (comma list), symbol, source and date range (from, to inclusive). Quantities, prices ' +
          'and amounts are the exact stored values; cash_effect is the signed change of cash in the currency. ' +
          "404 when an account id is not the tenant's; from after to is a 422.",
        examples: {
          query: { account_id: 1, type: 'BUY,DEPOSIT' },
          200: {
            description: 'The activities',
            value: { items: [BUY, DEPOSIT], next_cursor: null, page: 1, page_size: 25 },
          },
        },
        tags,
        querystring: S.ActivityQuery,
        response: { 200: S.ActivityList, ...problems(401, 404, 422) },
      },
    },
    (req) => activities.list(scopeOf(req), req.query),
  )
}

function createRoute(app: App, { activities }: { activities: ActivitiesService }): void {
  app.post(
    '/api/activities',
    {
      schema: {
        operationId: 'createActivity',
        summary: 'Record an activity by hand (source manual)',
        description: `${RULES} A DEPOSIT, WITHDRAWAL or TRANSFER answers the capital flow it made (capital_flow_id).`,
        examples: {
          body: {
            account_id: 1,
            type: 'BUY',
            date: '2026-11-20',
            symbol: 'AAPL',
            quantity: 10,
            price: 150.025,
            fee: 1,
          },
          201: { description: 'The recorded activity', value: BUY },
        },
        tags,
        body: S.CreateActivityBody,
        response: { 201: S.ActivitySchema, ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await activities.create(scopeOf(req), req.body)),
  )
}

function patchRoute(app: App, { activities }: { activities: ActivitiesService }): void {
  app.patch(
    '/api/activities/:activity_id',
    {
      schema: {
        operationId: 'updateActivity',
        summary: 'Correct a manual or imported activity',
        description:
          'Changes any field of an activity of source manual or csv (null clears symbol, quantity, price, amount or ' +
          'note); the whole resulting row is checked again by the rules of POST /api/activities. A trade whose ' +
          'quantity or price changes without an amount takes quantity × price. Its capital flow follows (amount, ' +
          'date, currency; the investor it is attributed to is kept), and is made or deleted when the type starts ' +
          'or stops moving capital. A broker-written activity answers 409 activities.broker_owned (the broker ' +
          're-reads it at every sync). 404 for an unknown activity.',
        examples: {
          params: { activity_id: 41 },
          body: { quantity: 12, price: 150 },
          200: {
            description: 'The activity after the change',
            value: {
              ...BUY,
              quantity: 12,
              price: 150,
              amount: 1800,
              cash_effect: -1801,
              updated_at: '2026-11-24T16:00:00.000Z',
            },
          },
        },
        tags,
        params: S.ActivityParams,
        body: S.PatchActivityBody,
        response: { 200: S.ActivitySchema, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => activities.patch(scopeOf(req), req.params.activity_id, req.body),
  )
}

function deleteRoute(app: App, { activities }: { activities: ActivitiesService }): void {
  app.delete(
    '/api/activities/:activity_id',
    {
      schema: {
        operationId: 'deleteActivity',
        summary: 'Delete a manual or imported activity',
        description:
          'Deletes an activity of source manual or csv for good, with the capital flow it made; a manual ' +
          "account's holdings and realized trades of its symbol are derived again (409 activities.oversold when " +
          'that would leave a later sale without shares). A broker-written activity answers 409 ' +
          'activities.broker_owned. 404 for an unknown activity.',
        examples: { params: { activity_id: 41 }, 204: { description: 'Deleted' } },
        tags,
        params: S.ActivityParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      await activities.remove(scopeOf(req), req.params.activity_id)
      return reply.code(204).send(null)
    },
  )
}
