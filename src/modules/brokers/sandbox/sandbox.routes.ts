/**
 * The offline sandbox in the browser: `/sandbox/*` is forwarded to the vendor simulators
 * (src/providers/brokers/sandbox), so a person can open a vendor's consent page and approve the
 * connection. Public (the vendors' pages need no session of ours) and absent from the OpenAPI
 * document: it stands in for the vendors' own sites.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { BrokerSandbox } from '../../../providers/brokers/index.ts'

const PASSED_HEADERS = ['content-type', 'content-security-policy', 'location', 'cache-control', 'retry-after']

export function sandboxRoutes(app: App, sandbox: BrokerSandbox): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/sandbox/*',
    config: { auth: 'public' },
    schema: { hide: true, consumes: ['application/x-www-form-urlencoded', 'application/json'] },
    handler: async (req, reply) => {
      const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      const payload =
        req.body === undefined
          ? undefined
          : form
            ? new URLSearchParams(req.body as Record<string, string>).toString()
            : JSON.stringify(req.body)
      const res = await sandbox.app.inject({
        method: req.method as 'GET' | 'POST',
        url: req.url,
        headers: { ...(req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {}) },
        ...(payload === undefined ? {} : { payload }),
      })
      for (const h of PASSED_HEADERS) {
        const v = res.headers[h]
        if (v !== undefined) void reply.header(h, v)
      }
      return reply.code(res.statusCode).send(res.rawPayload)
    },
  })
}
