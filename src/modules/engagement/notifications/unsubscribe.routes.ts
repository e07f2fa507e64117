/**
 * GET/POST /api/notifications/unsubscribe?token=… — the one-click unsubscribe of every bulk mail
 * (RFC 8058). Public: the signed token is the only credential (no cookie or session is read or
 * set, no origin check applies to public routes). The GET never changes anything (link scanners
 * prefetch it); a browser (Accept: text/html) gets a page whose button sends the POST.
 */
import { readFileSync } from 'node:fs'
import type { App } from '../../../platform/http/app-type.ts'
import { acceptMultipartFields, ONE_CLICK_BODY_LIMIT } from '../../../platform/http/form-body.ts'
import { PAGE_CSP, servePages } from '../../../platform/http/pages.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as X from './notifications.examples.ts'
import { UnsubscribePreview, UnsubscribeQuery, UnsubscribeResult } from './suppressions.schemas.ts'
import { UNSUBSCRIBE_PATH, type UnsubscribeService } from './unsubscribe.service.ts'

const tags = ['notifications']
const WEB = new URL('./web/', import.meta.url)
const TOKEN =
  'The token is `v1.<payload>.<signature>`: it names the tenant, the user and the list, is signed with a key ' +
  'derived from the service’s secret and is valid for 180 days; a bad, altered or expired token → 422 ' +
  '`notifications.unsubscribe_token_invalid`.'

export function unsubscribeRoutes(app: App, unsubscribe: UnsubscribeService): void {
  const page = readFileSync(new URL('unsubscribe.html', WEB))
  servePages(app, WEB, { '/assets/notifications/unsubscribe.js': 'unsubscribe.js' })
  app.get(
    UNSUBSCRIBE_PATH,
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'previewUnsubscribe',
        summary: 'What the one-click unsubscribe link would do (changes nothing)',
        description:
          'Read-only: answers `next_action: "post_to_confirm"` with the list the link unsubscribes from and whether ' +
          'it already is; POST the same URL to unsubscribe. A browser asking for text/html gets a page with a button ' +
          `that sends the POST. ${TOKEN}`,
        examples: {
          query: { token: X.TOKEN_EXAMPLE },
          200: { description: 'What a POST would do', value: X.PREVIEW_EXAMPLE },
        },
        tags,
        querystring: UnsubscribeQuery,
        response: { 200: UnsubscribePreview, ...problems(422) },
      },
    },
    async (req, reply) => {
      const preview = await unsubscribe.preview(req.query.token)
      if (!prefersHtml(req.headers.accept)) return preview
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-store')
        .send(page as never)
    },
  )
  void app.register(async (scoped: App) => {
    acceptMultipartFields(scoped)
    scoped.post(
      UNSUBSCRIBE_PATH,
      {
        config: { auth: 'public' },
        bodyLimit: ONE_CLICK_BODY_LIMIT,
        schema: {
          operationId: 'unsubscribe',
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            'The HTTPS URI of the `List-Unsubscribe` header of every bulk e-mail (with `List-Unsubscribe-Post: ' +
            'List-Unsubscribe=One-Click`). The body mail clients send, `List-Unsubscribe=One-Click`, may be ' +
            'application/x-www-form-urlencoded or multipart/form-data, or be absent: the token is what counts. ' +
            'Suppresses the user’s address for that list (`reason: "unsubscribe"`, listed under ' +
            '`GET /api/notifications/suppressions`, removable there) and answers 200 directly: never a redirect, ' +
            `no cookie. Idempotent: repeating it answers the same suppression. ${TOKEN}`,
          examples: {
            query: { token: X.TOKEN_EXAMPLE },
            200: { description: 'Unsubscribed', value: X.UNSUBSCRIBED_EXAMPLE },
          },
          tags,
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribeResult, ...problems(422) },
        },
      },
      (req) => unsubscribe.execute(req.query.token),
    )
  })
}

/** Whether the client ranks text/html above JSON (a browser following the link). */
function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false
  const ranked = accept.split(',').map((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    return { type: type.trim(), q: q === undefined ? 1 : Number(q) }
  })
  const q = (t: string) => Math.max(0, ...ranked.filter((r) => r.type === t).map((r) => r.q))
  return q('text/html') > 0 && q('text/html') > q('application/json')
}
