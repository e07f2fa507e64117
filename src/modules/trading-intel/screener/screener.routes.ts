/**
 * The classic screener surface, /api/screener: the catalog and presets, runs (JSON and CSV) and the
 * caller's saved screens. POST /api/screener/ai-build lives in the natural-language routes.
 */
import type { FastifyReply } from 'fastify'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { Screener } from './index.ts'
import { CSV_DOC, RUN_DOC, SAVED_DOC } from './screener.docs.ts'
import { FILTERS_EXAMPLE, RUN_EXAMPLE, SAVED_EXAMPLE, SPEC_EXAMPLE } from './screener.examples.ts'
import * as S from './screener.schemas.ts'
import { csvOfRun } from './run.service.ts'

const tags = ['screener']
const BASE = '/api/screener'

/** A run's route options; `operationId` and `path` differ between the aliases. */
export const runSchema = (operationId: string, summary: string) => ({
  operationId,
  summary,
  description: RUN_DOC,
  tags,
  body: S.RunBody,
  examples: { body: SPEC_EXAMPLE, 200: { description: 'The matching rows', value: RUN_EXAMPLE } },
  response: { 200: S.RunResponse, ...problems(401, 422, 503) },
})

export function screenerRoutes(app: App, api: Screener): void {
  app.get(
    `${BASE}/filters`,
    {
      schema: {
        operationId: 'screenerFilters',
        summary: 'The screener’s fields, their sources and freshness, operators and presets',
        description:
          'Every catalog field with its type, unit, category, definition, the source that fills it and that ' +
          'source’s `as_of` in the current snapshot (null: not available, or computed per request from your own ' +
          'data), and the operators it accepts; the sources; the presets (ready-made specs).',
        tags,
        examples: { 200: { description: 'The catalog, sources and presets', value: FILTERS_EXAMPLE } },
        response: { 200: S.FiltersResponse, ...problems(401, 503) },
      },
    },
    () => api.catalog.filters(),
  )
  app.post(BASE, { schema: runSchema('runScreen', 'Run a screen') }, (req) =>
    api.runs.run(scopeOf(req), req.body),
  )
  app.post(
    `${BASE}/run`,
    { schema: runSchema('runScreenAlias', 'Run a screen (same as POST /api/screener)') },
    (req) => api.runs.run(scopeOf(req), req.body),
  )
  app.post(
    `${BASE}/export.csv`,
    {
      schema: {
        operationId: 'exportScreenCsv',
        summary: 'Run a screen and download it as CSV',
        description: `${RUN_DOC} ${CSV_DOC}`,
        tags,
        body: S.RunBody,
        examples: {
          body: SPEC_EXAMPLE,
          200: { description: 'The rows as CSV', mediaType: 'text/csv', value: csvOfRun(RUN_EXAMPLE) },
        },
        response: problems(401, 422, 503),
      },
    },
    async (req, reply) => {
      const out = await api.runs.csv(scopeOf(req), req.body)
      return attachment(reply, `screen-${out.as_of}.csv`).send(out.text)
    },
  )
  savedRoutes(app, api, BASE, 'classic', 'Screen')
}

function attachment(reply: FastifyReply, filename: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
}

/** GET/POST {base}/saved (both surfaces) and, on the classic one, DELETE {base}/saved/{screen_id}. */
export function savedRoutes(
  app: App,
  api: Screener,
  base: string,
  surface: 'classic' | 'stock_screener',
  op: string,
): void {
  const t = surface === 'classic' ? tags : ['stock-screener']
  app.get(
    `${base}/saved`,
    {
      schema: {
        operationId: `listSaved${op}s`,
        summary: 'Your saved screens',
        description: SAVED_DOC,
        tags: t,
        examples: {
          200: { description: 'Your saved screens', value: { items: [{ ...SAVED_EXAMPLE, surface }] } },
        },
        response: { 200: S.SavedList, ...problems(401) },
      },
    },
    (req) => api.saved.list(scopeOf(req), surface),
  )
  app.post(
    `${base}/saved`,
    {
      schema: {
        operationId: `save${op}`,
        summary: 'Save a screen under a name',
        description: SAVED_DOC,
        tags: t,
        body: S.SavedBody,
        examples: {
          body: { name: 'Oversold large caps', spec: SPEC_EXAMPLE },
          200: { description: 'The saved screen', value: { ...SAVED_EXAMPLE, surface } },
        },
        response: { 200: S.SavedScreen, ...problems(401, 402, 409, 422) },
      },
    },
    (req) => api.saved.create(scopeOf(req), surface, req.body),
  )
  if (surface !== 'classic') return
  app.delete(
    `${base}/saved/:screen_id`,
    {
      schema: {
        operationId: `delete${op}`,
        summary: 'Delete a saved screen',
        description:
          'Another user’s or tenant’s screen, like an unknown one, → 404 `screener.screen_not_found`.',
        tags: t,
        params: S.SavedParams,
        examples: { params: { screen_id: 12 }, 200: { description: 'Deleted', value: { deleted: 12 } } },
        response: { 200: S.Deleted, ...problems(401, 404, 422) },
      },
    },
    (req) => api.saved.remove(scopeOf(req), surface, req.params.screen_id),
  )
}
