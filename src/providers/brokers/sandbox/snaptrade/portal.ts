/**
 * The simulated SnapTrade Connection Portal (browser-facing, unsigned): `GET /snapTrade/redeemToken`
 * shows a plain HTML form; `POST` with `decision=allow&broker=<slug>` creates the brokerage
 * authorization (one generated account) and answers 302 to the session's `customRedirect` with
 * `status=SUCCESS&connection_id=<uuid>`; `decision=deny` → `status=ABANDONED`; an expired or used
 * link → `status=ERROR&error_code=…&status_code=…` (docs/vendor-formats.md#snaptrade, portal return).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { escapeHtml } from '../consent-page.ts'
import { hiddenRoute, type SnapContext } from './context.ts'
import { BROKERAGES } from './wire.ts'

function page(action: string, token: string, broker: string | null): string {
  const options = Object.entries(BROKERAGES)
    .map(([slug, name]) => {
      const selected = slug === broker ? ' selected' : ''
      return `          <option value="${escapeHtml(slug)}"${selected}>${escapeHtml(name)}</option>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>SnapTrade (sandbox): connect a brokerage</title>
  </head>
  <body>
    <main>
      <h1>Connect your brokerage account</h1>
      <form method="post" action="${escapeHtml(action)}">
        <input type="hidden" name="token" value="${escapeHtml(token)}">
        <label>Brokerage
          <select name="broker">
${options}
          </select>
        </label>
        <button type="submit" name="decision" value="allow">Connect</button>
        <button type="submit" name="decision" value="deny">Cancel</button>
      </form>
      <p>This is a simulated aggregator: connecting creates a read-only account with generated holdings.</p>
    </main>
  </body>
</html>
`
}

function back(reply: FastifyReply, redirect: string | null, params: Record<string, string>) {
  if (!redirect) return reply.code(200).type('text/plain').send(`Portal finished: ${params['status']}`)
  const url = new URL(redirect)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return reply.code(302).header('location', url.toString()).send()
}

export function portalRoutes(app: FastifyInstance, ctx: SnapContext): void {
  const path = '/snapTrade/redeemToken'
  app.get(path, hiddenRoute, async (req: FastifyRequest, reply) => {
    const q = req.query as Record<string, string | undefined>
    const s = q['token'] ? ctx.users.session(q['token']) : undefined
    if (!s || s.expiresAt <= ctx.now().getTime())
      return reply
        .code(410)
        .type('text/plain')
        .send('This connection link has expired (links last 5 minutes).')
    const action = req.url.split('?')[0] ?? path
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; form-action *")
      .header('cache-control', 'no-store')
      .send(page(action, s.token, s.broker))
  })
  app.post(path, hiddenRoute, async (req, reply) => {
    const form = { ...((req.body ?? {}) as Record<string, string | undefined>), ...(req.query as object) }
    const token = form['token'] ?? ''
    const s = ctx.users.session(token)
    if (!s) return reply.code(410).type('text/plain').send('Unknown or used connection link.')
    ctx.users.endSession(token)
    if (s.expiresAt <= ctx.now().getTime())
      return back(reply, s.redirect, { status: 'ERROR', error_code: 'LINK_EXPIRED', status_code: '410' })
    if (form['decision'] !== 'allow') return back(reply, s.redirect, { status: 'ABANDONED' })
    const slug = (form['broker'] ?? s.broker ?? '').toUpperCase()
    if (!/^[A-Z0-9_]{2,32}$/.test(slug))
      return back(reply, s.redirect, { status: 'ERROR', error_code: 'NO_BROKERAGE', status_code: '400' })
    const auth = ctx.users.authorize(s.userId, slug, ctx.now().getTime())
    return back(reply, s.redirect, { status: 'SUCCESS', connection_id: auth.id })
  })
}
