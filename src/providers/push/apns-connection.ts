/**
 * One HTTP/2 session to an APNs host, opened on first use and reused for every request (Apple
 * treats rapid connect/disconnect as abuse). A session that received GOAWAY, closed or failed is
 * dropped, and the next request opens a new one. The session does not hold the process open while
 * it is idle.
 */
import {
  connect,
  constants,
  type ClientHttp2Session,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2'

export interface ApnsResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

export interface ApnsConnection {
  /** Resolves with APNs' answer; rejects on a network or stream error or the timeout. */
  request(headers: OutgoingHttpHeaders, body: string, timeoutMs: number): Promise<ApnsResponse>
  /** Closes the current session; the next request opens a new one (after a 5xx). */
  reset(): void
  close(): Promise<void>
}

export function createApnsConnection(host: string, tls: { ca?: string | Buffer } = {}): ApnsConnection {
  let session: ClientHttp2Session | undefined
  let active = 0

  function open(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session
    const s = connect(host, tls.ca ? { ca: tls.ca } : {})
    const drop = () => {
      if (session === s) session = undefined
    }
    s.on('goaway', drop)
    s.on('close', drop)
    // Without a listener a failed connect would crash the process; the stream reports it too.
    s.on('error', drop)
    s.unref()
    session = s
    return s
  }

  function request(headers: OutgoingHttpHeaders, body: string, timeoutMs: number): Promise<ApnsResponse> {
    return new Promise((resolve, reject) => {
      const s = open()
      active++
      s.ref()
      let settled = false
      const finish = (fn: () => void) => {
        if (settled) return
        settled = true
        active--
        if (active === 0 && !s.destroyed) s.unref()
        fn()
      }
      const stream = s.request(headers)
      let status = 0
      let resHeaders: IncomingHttpHeaders = {}
      const chunks: Buffer[] = []
      stream.setTimeout(timeoutMs, () => {
        stream.close(constants.NGHTTP2_CANCEL)
        finish(() => reject(new Error(`APNs did not answer within ${timeoutMs} ms`)))
      })
      stream.on('response', (h) => {
        resHeaders = h
        status = Number(h[':status'])
      })
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        finish(() => resolve({ status, headers: resHeaders, body: Buffer.concat(chunks).toString('utf8') }))
      })
      // A failed connect cancels the stream; its cause (e.g. ECONNREFUSED) says more.
      stream.on('error', (e: Error) => finish(() => reject(e.cause instanceof Error ? e.cause : e)))
      stream.on('close', () => {
        if (status === 0) finish(() => reject(new Error('APNs closed the stream without an answer')))
      })
      stream.end(body)
    })
  }

  return {
    request,
    reset() {
      const s = session
      session = undefined
      s?.close()
    },
    close() {
      const s = session
      session = undefined
      if (!s || s.closed) return Promise.resolve()
      return new Promise((resolve) => s.close(() => resolve()))
    },
  }
}
