/**
 * Loopback fake of Twilio's Messages API (POST /2010-04-01/Accounts/{Sid}/Messages.json), speaking
 * its wire format: HTTP Basic auth, form bodies, 201 message resources, classic error JSON
 * `{code, message, more_info, status}`. Failures can be scripted with failNext / rateLimitNext.
 *
 *   const twilio = await startTwilioFake()
 *   const sender = createTwilioSmsSender({ http, baseUrl: twilio.baseUrl, ...twilio.credentials, from: '+15557654321' })
 *   twilio.messages[0]?.body
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TwilioFakeMessage {
  sid: string
  to: string
  from: string
  body: string
  /** The whole decoded form, for fields beyond To/From/Body. */
  form: Record<string, string>
  /** Basic-auth user (the account sid) the request authenticated with. */
  authUser: string
  /** The 201 resource returned. */
  resource: Record<string, unknown>
}

export interface TwilioFakeRequest {
  method: string
  path: string
  status: number
}

export interface TwilioFake {
  /** e.g. http://127.0.0.1:54321 (pass as TWILIO_BASE_URL). */
  readonly baseUrl: string
  readonly credentials: { accountSid: string; authToken: string }
  /** Messages accepted (201), oldest first. */
  readonly messages: TwilioFakeMessage[]
  /** Every request received, including failed ones (to count retries). */
  readonly requests: TwilioFakeRequest[]
  /** The next Messages request fails with this status; body defaults to a Twilio error JSON. */
  failNext(status: number, body?: Record<string, unknown>): void
  /** The next n Messages requests get 429 with code 20429 (which Twilio says is safe to retry). */
  rateLimitNext(n: number): void
  /** Forgets messages, requests and scripted failures. */
  reset(): void
  close(): Promise<void>
}

export interface TwilioFakeOptions {
  accountSid?: string
  authToken?: string
}

const E164 = /^\+[1-9]\d{1,14}$/
const PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/

/** Twilio's classic REST error body. */
export function twilioError(status: number, code: number, message: string): Record<string, unknown> {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }
}

/** RFC 2822 date as Twilio writes it: "Tue, 26 Jul 2016 12:50:07 +0000". */
function rfc2822(d: Date): string {
  return d.toUTCString().replace(/GMT$/, '+0000')
}

function segments(body: string): number {
  // GSM-7 sizes; good enough for a fake (UCS-2 would be 70/67).
  return body.length <= 160 ? 1 : Math.ceil(body.length / 153)
}

function parseBasic(header: string | undefined): { user: string; pass: string } | undefined {
  const m = /^Basic\s+(.+)$/i.exec(header ?? '')
  if (!m?.[1]) return undefined
  const decoded = Buffer.from(m[1], 'base64').toString('utf8')
  const i = decoded.indexOf(':')
  return i < 0 ? undefined : { user: decoded.slice(0, i), pass: decoded.slice(i + 1) }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startTwilioFake(opts: TwilioFakeOptions = {}): Promise<TwilioFake> {
  const accountSid = opts.accountSid ?? `AC${randomBytes(16).toString('hex')}`
  const authToken = opts.authToken ?? randomBytes(16).toString('hex')
  const messages: TwilioFakeMessage[] = []
  const requests: TwilioFakeRequest[] = []
  let scripted: { status: number; body: Record<string, unknown> }[] = []

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Recorded before the reply goes out, so a client that saw the response sees the request here.
    const send = (status: number, body: Record<string, unknown>) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', status })
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(body))
    }
    const reject = (code: number, message: string) => send(400, twilioError(400, code, message))

    const path = new URL(req.url ?? '/', 'http://x').pathname
    const match = PATH.exec(path)
    if (!match || req.method !== 'POST') {
      return send(404, twilioError(404, 20404, `The requested resource ${path} was not found`))
    }
    const text = await readBody(req)
    const failure = scripted.shift()
    if (failure) return send(failure.status, failure.body)
    const auth = parseBasic(req.headers.authorization)
    if (!auth || auth.user !== accountSid || auth.pass !== authToken || match[1] !== accountSid) {
      return send(401, twilioError(401, 20003, 'Authenticate'))
    }
    const form = Object.fromEntries(new URLSearchParams(text))
    const to = form['To']
    const from = form['From']
    const body = form['Body']
    if (!to) return reject(21604, "A 'To' phone number is required.")
    if (!E164.test(to)) return reject(21211, `The 'To' number ${to} is not a valid phone number.`)
    if (!from) return reject(21603, "A 'From' phone number is required.")
    if (!body) return reject(21602, 'Message body is required.')

    const sid = `SM${randomBytes(16).toString('hex')}`
    const now = rfc2822(new Date())
    const resource: Record<string, unknown> = {
      sid,
      account_sid: accountSid,
      messaging_service_sid: null,
      to,
      from,
      body,
      status: 'queued',
      num_segments: String(segments(body)),
      num_media: '0',
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'USD',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
    }
    messages.push({ sid, to, from, body, form, authUser: auth.user, resource })
    send(201, resource)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(twilioError(500, 20500, e instanceof Error ? e.message : 'internal error')))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    credentials: { accountSid, authToken },
    messages,
    requests,
    failNext(status, body) {
      const message = status >= 500 ? 'Service unavailable' : `HTTP ${status}`
      scripted.push({ status, body: body ?? twilioError(status, 20000 + status, message) })
    },
    rateLimitNext(n) {
      for (let i = 0; i < n; i++)
        scripted.push({ status: 429, body: twilioError(429, 20429, 'Too Many Requests') })
    },
    reset() {
      messages.length = 0
      requests.length = 0
      scripted = []
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
