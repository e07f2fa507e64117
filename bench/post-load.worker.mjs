/**
 * A load client in a worker thread: `count` POSTs to `path` on `base`, `inFlight` at a time on
 * kept-alive node:http sockets, each with its own `idempotency-key` (`<keyPrefix><i>`) and `body`
 * with `{i}` replaced by the request's number. It posts 'done' when every request was answered
 * `expect`, or throws on the first other answer (the worker's `error` event).
 *
 * A bench runs its client here rather than beside the app, so the client's own work (parsing and
 * writing HTTP) runs on another thread, as a real client would run on its own machine.
 */
// Plain JavaScript: a worker thread does not get the TypeScript loader of the bench that starts it.
import http from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

/** @type {{ base: string, path: string, headers: Record<string, string>, body: string, keyPrefix: string, count: number, inFlight: number, expect: number }} */
const { base, path, headers, body, keyPrefix, count, inFlight, expect } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight })
const { hostname, port } = new URL(base)

/** @param {number} i */
const post = (i) =>
  new Promise((resolve, reject) => {
    const payload = body.replaceAll('{i}', String(i))
    const head = {
      ...headers,
      'idempotency-key': `${keyPrefix}${i}`,
      'content-length': String(Buffer.byteLength(payload)),
    }
    const req = http.request({ agent, host: hostname, port, path, method: 'POST', headers: head }, (res) => {
      /** @type {Buffer[]} */
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () =>
        res.statusCode === expect
          ? resolve(undefined)
          : reject(new Error(`POST ${i}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`)),
      )
    })
    req.on('error', reject)
    req.end(payload)
  })

let next = 0
async function lane() {
  while (next < count) await post(next++)
}
await Promise.all(Array.from({ length: inFlight }, lane))
agent.destroy()
parentPort?.postMessage('done')
