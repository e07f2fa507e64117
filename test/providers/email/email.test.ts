import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { testConfig } from '../../../src/platform/config.ts'
import { createScopes, type Scopes } from '../../../src/platform/db/index.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import {
  header,
  htmlOf,
  linksOf,
  parseMessage,
  startSmtpSink,
  textOf,
  type SmtpSink,
} from '../../fakes/smtp-sink.ts'
import {
  UpstreamAuthError,
  UpstreamClientError,
  UpstreamNetworkError,
  UpstreamServerError,
} from '../../../src/providers/shared/http.ts'
import {
  createEmailSender,
  createOutboxEmailSender,
  createSmtpEmailSender,
  extractLinks,
} from '../../../src/providers/email/index.ts'

interface LogCall {
  obj: object
  msg: string | undefined
}

function recordingLogger(): { calls: LogCall[]; info(obj: object, msg?: string): void } {
  const calls: LogCall[] = []
  return { calls, info: (obj, msg) => void calls.push({ obj, msg }) }
}

const silent = { info() {} }

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('email outbox', () => {
  let tdb: TestDatabase
  let scopes: Scopes
  let tenantId: number

  before(async () => {
    tdb = await createTestDatabase()
    scopes = createScopes(tdb.handle.db, pino({ level: 'silent' }))
    const row = await scopes.withSystem('test', ({ db }) =>
      db
        .insertInto('tenant')
        .values({ name: 'acme', plan_code: 'free', status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    tenantId = row.id
  })
  after(() => tdb.drop())

  const readRow = (id: string) =>
    scopes.withSystem('test', ({ db }) =>
      db.selectFrom('email_outbox').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow(),
    )

  it('stores every field and returns the row id', async () => {
    const sender = createOutboxEmailSender({ scopes, log: silent, logLinks: false })
    assert.equal(sender.kind, 'outbox')
    const headers = {
      'List-Unsubscribe': '<https://app.example/u/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }
    const { id } = await sender.send({
      to: 'ada@example.test',
      subject: 'Welcome',
      text: 'Hello Ada',
      html: '<p>Hello Ada</p>',
      headers,
      tenantId,
    })
    assert.match(id, /^\d+$/)
    const row = await readRow(id)
    assert.equal(row.tenant_id, tenantId)
    assert.equal(row.to_address, 'ada@example.test')
    assert.equal(row.subject, 'Welcome')
    assert.equal(row.text_body, 'Hello Ada')
    assert.equal(row.html_body, '<p>Hello Ada</p>')
    assert.deepEqual(row.headers, headers)
    assert.ok(row.created_at)
  })

  it('stores a message without tenant, html or headers', async () => {
    const sender = createOutboxEmailSender({ scopes, log: silent, logLinks: false })
    const { id } = await sender.send({ to: 'x@example.test', subject: 's', text: 't' })
    const row = await readRow(id)
    assert.equal(row.tenant_id, null)
    assert.equal(row.html_body, null)
    assert.deepEqual(row.headers, {})
  })

  it('logs subject, recipient and links in development', async () => {
    const log = recordingLogger()
    const sender = createOutboxEmailSender({ scopes, log, logLinks: true })
    const text = 'Verify: https://app.test/verify?t=abc123.\nOr visit http://localhost:8000/help, thanks.'
    await sender.send({ to: 'dev@example.test', subject: 'Verify your e-mail', text })
    const logged = JSON.stringify(log.calls)
    assert.equal(log.calls.length, 1)
    assert.deepEqual((log.calls[0]!.obj as { links: string[] }).links, [
      'https://app.test/verify?t=abc123',
      'http://localhost:8000/help',
    ])
    assert.match(logged, /Verify your e-mail/)
    assert.match(logged, /dev@example\.test/)
  })

  it('never logs the body, subject or recipient outside development', async () => {
    const log = recordingLogger()
    const sender = createOutboxEmailSender({ scopes, log, logLinks: false })
    await sender.send({
      to: 'prod@example.test',
      subject: 'Secret subject',
      text: 'code https://app.test/reset?t=s3cr3t',
    })
    const logged = JSON.stringify(log.calls)
    assert.equal(log.calls.length, 1)
    assert.doesNotMatch(logged, /s3cr3t|Secret subject|prod@example/)
  })

  it('extractLinks trims sentence punctuation', () => {
    assert.deepEqual(extractLinks('see (https://a.test/x?y=1), and https://b.test/z.'), [
      'https://a.test/x?y=1',
      'https://b.test/z',
    ])
  })

  it('createEmailSender picks the outbox without SMTP_URL and SMTP with it', async () => {
    const outbox = createEmailSender(testConfig(), { scopes, log: silent })
    assert.equal(outbox.kind, 'outbox')
    const smtp = createEmailSender(testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }), { scopes, log: silent })
    assert.equal(smtp.kind, 'smtp')
    await smtp.close?.()
  })
})

describe('email smtp', () => {
  let sink: SmtpSink

  before(async () => {
    sink = await startSmtpSink()
  })
  after(() => sink.close())

  it('delivers a multipart message with From/To/Subject, text, html and custom headers', async () => {
    const log = recordingLogger()
    const sender = createSmtpEmailSender({ url: sink.url, from: 'Sextant <no-reply@sextant.test>', log })
    try {
      const unsubscribe =
        '<https://app.example/u/1.Q0hBTkdFTUU.sig>, <mailto:unsub+1.Q0hB@app.example?subject=unsubscribe>'
      const text = 'Grüße, Ada — verify at https://app.test/verify?t=abc&x=1\nSecond line = here'
      const { id } = await sender.send({
        to: 'ada@example.test',
        subject: 'Willkommen — bitte bestätigen',
        text,
        html: '<p>Grüße, <a href="https://app.test/verify?t=abc&amp;x=1">verify</a></p>',
        headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      })
      assert.match(id, /^<.+@.+>$/)
      const msg = await sink.waitFor((m) => m.envelope.to.includes('ada@example.test'))
      assert.equal(msg.envelope.from, 'no-reply@sextant.test')
      assert.equal(header(msg, 'From'), 'Sextant <no-reply@sextant.test>')
      assert.equal(header(msg, 'To'), 'ada@example.test')
      assert.equal(header(msg, 'Subject'), 'Willkommen — bitte bestätigen')
      assert.equal(header(msg, 'Message-ID'), id)
      assert.match(header(msg, 'Content-Type') ?? '', /^multipart\/alternative/)
      assert.equal(header(msg, 'List-Unsubscribe'), unsubscribe)
      assert.equal(header(msg, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click')
      assert.equal(textOf(msg), text)
      assert.equal(htmlOf(msg), '<p>Grüße, <a href="https://app.test/verify?t=abc&amp;x=1">verify</a></p>')
      assert.deepEqual(linksOf(msg), ['https://app.test/verify?t=abc&x=1'])
      assert.doesNotMatch(JSON.stringify(log.calls), /Grüße|ada@example/)
    } finally {
      await sender.close?.()
    }
  })

  it('sends text-only messages', async () => {
    const sender = createSmtpEmailSender({ url: sink.url, from: 'a@sextant.test', log: silent })
    try {
      await sender.send({ to: 'plain@example.test', subject: 'Plain', text: 'just text' })
      const msg = await sink.waitFor((m) => m.envelope.to.includes('plain@example.test'))
      assert.equal(textOf(msg), 'just text')
      assert.equal(htmlOf(msg), undefined)
    } finally {
      await sender.close?.()
    }
  })

  it('maps a connection refused to UpstreamNetworkError', async () => {
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'a@sextant.test',
      log: silent,
    })
    try {
      await assert.rejects(sender.send({ to: 'x@example.test', subject: 's', text: 't' }), (e: unknown) => {
        assert.ok(e instanceof UpstreamNetworkError, String(e))
        assert.equal(e.provider, 'smtp')
        return true
      })
    } finally {
      await sender.close?.()
    }
  })

  it('maps a permanent refusal (550) to UpstreamClientError and a transient one (451) to UpstreamServerError', async () => {
    const sender = createSmtpEmailSender({ url: sink.url, from: 'a@sextant.test', log: silent })
    try {
      sink.failNext(550, 'No such user')
      await assert.rejects(
        sender.send({ to: 'gone@example.test', subject: 's', text: 't' }),
        (e: unknown) => {
          assert.ok(e instanceof UpstreamClientError, String(e))
          assert.equal(e.status, 550)
          assert.match(e.body ?? '', /No such user/)
          return true
        },
      )
      sink.failNext(451, 'Try later')
      await assert.rejects(
        sender.send({ to: 'busy@example.test', subject: 's', text: 't' }),
        (e: unknown) => {
          assert.ok(e instanceof UpstreamServerError, String(e))
          assert.equal(e.status, 451)
          return true
        },
      )
    } finally {
      await sender.close?.()
    }
  })

  it('authenticates with URL credentials and maps bad ones to UpstreamAuthError', async () => {
    const secured = await startSmtpSink({ auth: { user: 'mailer', pass: 'p@ss word' } })
    const good = createSmtpEmailSender({ url: secured.url, from: 'a@sextant.test', log: silent })
    const bad = createSmtpEmailSender({
      url: `smtp://mailer:wrong@127.0.0.1:${secured.port}`,
      from: 'a@sextant.test',
      log: silent,
    })
    try {
      await good.send({ to: 'auth@example.test', subject: 's', text: 't' })
      const msg = await secured.waitFor(() => true)
      assert.equal(msg.user, 'mailer')
      await assert.rejects(bad.send({ to: 'x@example.test', subject: 's', text: 't' }), (e: unknown) => {
        assert.ok(e instanceof UpstreamAuthError, String(e))
        assert.doesNotMatch(e.message, /wrong/)
        return true
      })
    } finally {
      await good.close?.()
      await bad.close?.()
      await secured.close()
    }
  })
})

describe('smtp sink parser', () => {
  it('decodes base64 parts and folded, encoded headers', () => {
    const raw = [
      'Subject: =?UTF-8?B?SGVsbG8g4pyT?=',
      'X-Long: first',
      '\tsecond',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      'preamble',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('héllo\nworld').toString('base64'),
      '--b1',
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename=a.pdf',
      '',
      'xxx',
      '--b1--',
      '',
    ].join('\r\n')
    const parsed = parseMessage(raw)
    assert.equal(parsed.headers.get('subject')?.[0], 'Hello ✓')
    assert.equal(parsed.headers.get('x-long')?.[0], 'first second')
    assert.equal(parsed.text, 'héllo\nworld')
    assert.equal(parsed.html, undefined)
  })
})
