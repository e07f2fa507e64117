/**
 * Small static pages for people (the landing page, the pages e-mailed links open) and their
 * assets. Each file is read once at start-up and served as is: no templating, no inline script or
 * style, so the pages live under a CSP that allows only this origin's own files. They are public
 * and hidden from the OpenAPI document, which describes the API, not these pages.
 */
import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import type { FastifyInstance } from 'fastify'

/** Only same-origin scripts, styles and API calls; no inline code, framing, plugins or forms elsewhere. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/**
 * Serves `files` (URL path → file name in `dir`). Throws at start-up when a file is missing or has
 * a type this helper does not know, rather than answering 404 or a wrong type later.
 */
export function servePages(app: FastifyInstance, dir: URL, files: Record<string, string>): void {
  for (const [path, name] of Object.entries(files)) {
    const type = TYPES[extname(name)]
    if (!type) throw new Error(`servePages: no content type for ${name}`)
    const body = readFileSync(new URL(name, dir))
    app.get(path, { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
      reply
        .type(type)
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-cache')
        .send(body),
    )
  }
}
