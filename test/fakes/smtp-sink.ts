/**
 * A real SMTP server on 127.0.0.1 (smtp-server, no TLS) that records every message it receives,
 * with a minimal MIME parser: unfolded headers (RFC 2047 words decoded), the text/plain and
 * text/html parts of multipart bodies, quoted-printable and base64 decoded.
 *
 *   const sink = await startSmtpSink()
 *   const sender = createSmtpEmailSender({ url: sink.url, from: 'App <a@b.test>', log })
 *   const msg = await sink.waitFor((m) => m.envelope.to.includes('u@x.test'))
 *   header(msg, 'subject'); textOf(msg); linksOf(msg)
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerError } from 'smtp-server'

export interface SinkMessage {
  envelope: { from: string; to: string[] }
  /** AUTH user name, when the client logged in. */
  user?: string
  /** The message as received (CRLF line ends, dot-stuffing removed). */
  raw: string
  /** Top-level headers: lower-cased names → decoded values, in order. */
  headers: Map<string, string[]>
  text?: string
  html?: string
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, with user:pass when the sink requires auth (pass as SMTP_URL). */
  readonly url: string
  readonly port: number
  /** Received messages, oldest first. */
  readonly messages: SinkMessage[]
  /** Resolves with the first message (already received or future) matching; rejects after timeoutMs. */
  waitFor(predicate: (m: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>
  /** The next RCPT TO is refused with this SMTP reply (e.g. 550 permanent, 451 transient). */
  failNext(responseCode: number, message?: string): void
  close(): Promise<void>
}

export interface SmtpSinkOptions {
  /** Require these credentials (wrong ones get 535); by default any or no login is accepted. */
  auth?: { user: string; pass: string }
}

/** First value of a header (case-insensitive name), decoded. */
export function header(msg: SinkMessage, name: string): string | undefined {
  return msg.headers.get(name.toLowerCase())?.[0]
}

export function textOf(msg: SinkMessage): string | undefined {
  return msg.text
}

export function htmlOf(msg: SinkMessage): string | undefined {
  return msg.html
}

/** Every http(s) link in the text part (verification, reset and unsubscribe links). */
export function linksOf(msg: SinkMessage): string[] {
  return [...(msg.text ?? '').matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) =>
    m[0].replace(/[.,;:!?)\]]+$/, ''),
  )
}

// --- minimal MIME parsing ---------------------------------------------------------------------

interface Part {
  headers: Map<string, string[]>
  body: string
}

function decodeBytes(bytes: Buffer, charset: string): string {
  const cs = charset.toLowerCase()
  return cs === 'iso-8859-1' || cs === 'latin1' || cs === 'us-ascii'
    ? bytes.toString('latin1')
    : bytes.toString('utf8')
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\n/g, '')
  const out: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16))
      i += 2
    } else out.push(...Buffer.from(soft[i] ?? '', 'utf8'))
  }
  return Buffer.from(out)
}

/** RFC 2047 encoded words: =?charset?B|Q?text?= */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2') // whitespace between adjacent encoded words is not content
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '))
      return decodeBytes(bytes, charset)
    })
}

function parseHeaders(block: string): Map<string, string[]> {
  const headers = new Map<string, string[]>()
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':')
    if (i <= 0) continue
    const name = line.slice(0, i).trim().toLowerCase()
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(i + 1).trim())])
  }
  return headers
}

function splitPart(text: string): Part {
  const end = text.indexOf('\n\n')
  if (end < 0) return { headers: parseHeaders(text), body: '' }
  return { headers: parseHeaders(text.slice(0, end)), body: text.slice(end + 2) }
}

function param(value: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value)
  return m?.[1] ?? m?.[2]
}

function decodeBody(part: Part): string {
  const contentType = part.headers.get('content-type')?.[0] ?? 'text/plain'
  const charset = param(contentType, 'charset') ?? 'utf-8'
  const encoding = (part.headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return decodeBytes(decodeQuotedPrintable(part.body), charset)
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset)
  return part.body
}

function collect(part: Part, out: { text?: string; html?: string }): void {
  const contentType = part.headers.get('content-type')?.[0] ?? 'text/plain'
  const mime = (contentType.split(';')[0] ?? '').trim().toLowerCase()
  const disposition = part.headers.get('content-disposition')?.[0] ?? ''
  if (mime.startsWith('multipart/')) {
    const boundary = param(contentType, 'boundary')
    if (!boundary) return
    const sections = `\n${part.body}`.split(`\n--${boundary}`)
    // sections[0] is the preamble; the one starting with "--" is the epilogue after the close.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break
      collect(splitPart(section.replace(/^[ \t]*\n/, '')), out)
    }
    return
  }
  if (/^attachment/i.test(disposition)) return
  if (mime === 'text/plain' && out.text === undefined) out.text = decodeBody(part)
  if (mime === 'text/html' && out.html === undefined) out.html = decodeBody(part)
}

/** Parses a raw RFC 5322 message into headers and its text/html bodies. */
export function parseMessage(raw: string): Pick<SinkMessage, 'headers' | 'text' | 'html'> {
  // The final line break ends the DATA section, not the body.
  const top = splitPart(raw.replace(/\r\n/g, '\n').replace(/\n$/, ''))
  const bodies: { text?: string; html?: string } = {}
  collect(top, bodies)
  return { headers: top.headers, ...bodies }
}

// --- server -----------------------------------------------------------------------------------

function smtpError(responseCode: number, message: string): SMTPServerError {
  return Object.assign(new Error(message), { responseCode })
}

export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = []
  const waiters = new Set<(m: SinkMessage) => void>()
  const failures: SMTPServerError[] = []

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: opts.auth === undefined,
    allowInsecureAuth: true,
    logger: false,
    // Pooled clients keep idle connections open; do not wait for them on close.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      const expected = opts.auth
      if (expected && (auth.username !== expected.user || auth.password !== expected.pass)) {
        return callback(smtpError(535, 'Authentication credentials invalid'))
      }
      callback(null, { user: auth.username ?? '' })
    },
    onRcptTo(_address, _session, callback) {
      callback(failures.shift() ?? null)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const from = session.envelope.mailFrom
        const msg: SinkMessage = {
          envelope: { from: from ? from.address : '', to: session.envelope.rcptTo.map((r) => r.address) },
          raw,
          ...parseMessage(raw),
        }
        if (typeof session.user === 'string' && session.user !== '') msg.user = session.user
        messages.push(msg)
        for (const w of waiters) w(msg)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const creds = opts.auth
    ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@`
    : ''

  return {
    url: `smtp://${creds}127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate)
      if (found) return Promise.resolve(found)
      return new Promise<SinkMessage>((resolve, reject) => {
        const waiter = (m: SinkMessage) => {
          if (!predicate(m)) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(m)
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(
            new Error(`smtp sink: no matching message within ${timeoutMs} ms (${messages.length} received)`),
          )
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    failNext(responseCode, message = responseCode >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      failures.push(smtpError(responseCode, message))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
