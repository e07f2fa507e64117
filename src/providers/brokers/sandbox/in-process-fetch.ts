/**
 * A `fetch` that answers from a Fastify instance in this process (`inject`), so the real broker
 * adapters talk to the offline sandbox over their real wire format without opening a socket. The
 * abort signal is honoured, so the HTTP client's timeouts behave as over a network.
 */
import type { FastifyInstance, InjectOptions } from 'fastify'

const NO_BODY = new Set([101, 204, 205, 304])

export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init)
    const url = new URL(req.url)
    const payload = req.body ? Buffer.from(await req.arrayBuffer()) : undefined
    const options: InjectOptions = {
      method: req.method,
      url: url.pathname + url.search,
      // As over a network: the Host header names the URL's host (what absolute Locations are built from).
      headers: { host: url.host, ...Object.fromEntries(req.headers) },
      ...(payload ? { payload } : {}),
    }
    const res = await abortable(app.inject(options), init?.signal ?? undefined)
    const headers = new Headers()
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined || k === 'content-length' || k === 'transfer-encoding') continue
      for (const one of Array.isArray(v) ? v : [String(v)]) headers.append(k, one)
    }
    const body = NO_BODY.has(res.statusCode) ? null : res.rawPayload
    return new Response(body, { status: res.statusCode, headers })
  }
}

function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(e instanceof Error ? e : new Error(String(e)))
      },
    )
  })
}
