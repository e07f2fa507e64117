/**
 * The web console at /app: the single-page application `npm run build` writes to dist/console (its
 * sources are in console/). Its hashed assets are cached for a year; /app/sw.js is the service worker
 * (revalidated on every use); every other path below /app answers index.html, so deep links and
 * reloads land on the client-side route they name. All of it is public: the console logs in through
 * the API like any client, and holds no data of its own.
 */
import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { PAGE_CSP } from '../platform/http/pages.ts'
import { ServiceUnavailableError } from '../platform/http/errors.ts'

/** From src/app/ and from the bundle's dist/app/ alike, the build's output is <repo>/dist/console. */
export const CONSOLE_DIR = new URL('../../dist/console/', import.meta.url)

/** The pages' CSP, plus `data:` images (the charts' attribution logo and the MFA QR code are drawn inline). */
export const CONSOLE_CSP = PAGE_CSP.replace("img-src 'self'", "img-src 'self' data:")

const route = { config: { auth: 'public' as const }, schema: { hide: true } }

export async function consolePages(app: FastifyInstance, dir: URL = CONSOLE_DIR): Promise<void> {
  const built = existsSync(new URL('index.html', dir))
  await app.register(async (scope) => {
    if (built) await scope.register(fastifyStatic, { root: dir.pathname, serve: false })
    const page = (reply: FastifyReply) => {
      if (!built) throw notBuilt()
      return reply
        .header('content-security-policy', CONSOLE_CSP)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { cacheControl: false })
    }
    scope.get('/app', route, (_req, reply) => reply.redirect('/app/', 301))
    scope.get('/app/', route, (_req, reply) => page(reply))
    scope.get<{ Params: { '*': string } }>('/app/assets/*', route, (req, reply) => {
      if (!built) throw notBuilt()
      return reply
        .header('content-security-policy', CONSOLE_CSP)
        .sendFile(`assets/${req.params['*']}`, { maxAge: '365d', immutable: true })
    })
    // The service worker keeps its address across builds and is revalidated on every registration
    // check (a cached worker would outlive a fix); its scope is its own folder, /app/.
    scope.get('/app/sw.js', route, (_req, reply) => {
      if (!built) throw notBuilt()
      return reply
        .header('content-security-policy', CONSOLE_CSP)
        .header('service-worker-allowed', '/app/')
        .header('cache-control', 'no-cache')
        .sendFile('sw.js', { cacheControl: false })
    })
    scope.get('/app/*', route, (_req, reply) => page(reply))
  })
}

const notBuilt = () =>
  new ServiceUnavailableError(
    'console.not_built',
    'The console has not been built: run `npm run build` (npm ci runs it), then start the service again',
  )
