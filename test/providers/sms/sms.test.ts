import { after, before, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { pino } from 'pino'
import { testConfig } from '../../../src/platform/config.ts'
import { createScopes, type Scopes } from '../../../src/platform/db/index.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import { startTwilioFake, type TwilioFake } from '../../fakes/twilio-fake.ts'
import {
  UpstreamAuthError,
  UpstreamClientError,
  UpstreamError,
  UpstreamServerError,
  createHttpClient,
  type HttpClient,
} from '../../../src/providers/shared/http.ts'
import {
  createOutboxSmsSender,
  createSmsSender,
  createTwilioSmsSender,
  isPermanentSmsFailure,
  twilioErrorCode,
  type SmsSender,
} from '../../../src/providers/sms/index.ts'

interface LogCall {
  obj: object
  msg: string | undefined
}

function recordingLogger(): { calls: LogCall[]; info(obj: object, msg?: string): void } {
  const calls: LogCall[] = []
  return { calls, info: (obj, msg) => void calls.push({ obj, msg }) }
}

const silent = { info() {} }
const FROM = '+15557654321'

describe('sms outbox', () => {
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
      db.selectFrom('sms_outbox').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow(),
    )

  it('stores every field and returns the row id', async () => {
    const sender = createOutboxSmsSender({ scopes, log: silent, logBody: false })
    assert.equal(sender.kind, 'outbox')
    const { id } = await sender.send({ to: '+15551234567', body: 'Your code is 123456', tenantId })
    assert.match(id, /^\d+$/)
    const row = await readRow(id)
    assert.equal(row.tenant_id, tenantId)
    assert.equal(row.to_number, '+15551234567')
    assert.equal(row.body, 'Your code is 123456')
    assert.ok(row.created_at)
    const second = await sender.send({ to: '+15551234568', body: 'x' })
    assert.notEqual(second.id, id)
    assert.equal((await readRow(second.id)).tenant_id, null)
  })

  it('logs only the last four digits, and the body only in development', async () => {
    const prodLog = recordingLogger()
    await createOutboxSmsSender({ scopes, log: prodLog, logBody: false }).send({
      to: '+15551239876',
      body: 'code 424242',
    })
    const prod = JSON.stringify(prodLog.calls)
    assert.match(prod, /"to_last4":"9876"/)
    assert.doesNotMatch(prod, /5551239876|424242/)

    const devLog = recordingLogger()
    await createOutboxSmsSender({ scopes, log: devLog, logBody: true }).send({
      to: '+15551239876',
      body: 'code 424242',
    })
    const dev = JSON.stringify(devLog.calls)
    assert.match(dev, /424242/)
    assert.doesNotMatch(dev, /5551239876/)
  })

  it('createSmsSender picks Twilio only when all three TWILIO_* are set', () => {
    const http = createHttpClient()
    const deps = { scopes, log: silent, http }
    assert.equal(createSmsSender(testConfig(), deps).kind, 'outbox')
    const partial = testConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'tok' })
    assert.equal(createSmsSender(partial, deps).kind, 'outbox')
    const full = testConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: FROM })
    assert.equal(createSmsSender(full, deps).kind, 'twilio')
  })
})

describe('sms twilio', () => {
  let twilio: TwilioFake
  let http: HttpClient
  let sender: SmsSender

  before(async () => {
    twilio = await startTwilioFake()
    // No real waiting between retries in tests.
    http = createHttpClient({ sleep: async () => {}, retries: 2 })
    sender = createTwilioSmsSender({ http, baseUrl: twilio.baseUrl, ...twilio.credentials, from: FROM })
  })
  beforeEach(() => twilio.reset())
  after(() => twilio.close())

  it('sends To/From/Body with Basic auth and returns the sid', async () => {
    assert.equal(sender.kind, 'twilio')
    const { id } = await sender.send({ to: '+15551234567', body: 'Alert fired: AAPL > 200' })
    assert.match(id, /^SM[0-9a-f]{32}$/)
    assert.equal(twilio.messages.length, 1)
    const m = twilio.messages[0]!
    assert.equal(m.sid, id)
    assert.equal(m.to, '+15551234567')
    assert.equal(m.from, FROM)
    assert.equal(m.body, 'Alert fired: AAPL > 200')
    assert.equal(m.authUser, twilio.credentials.accountSid)
    assert.equal(m.resource['status'], 'queued')
    assert.equal(m.resource['num_segments'], '1')
    assert.match(String(m.resource['date_created']), /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/)
  })

  it('maps bad credentials (401, 20003) to UpstreamAuthError', async () => {
    const wrong = createTwilioSmsSender({
      http,
      baseUrl: twilio.baseUrl,
      accountSid: twilio.credentials.accountSid,
      authToken: 'nope',
      from: FROM,
    })
    await assert.rejects(wrong.send({ to: '+15551234567', body: 'x' }), (e: unknown) => {
      assert.ok(e instanceof UpstreamAuthError, String(e))
      assert.equal(e.status, 401)
      assert.equal(twilioErrorCode(e), 20003)
      assert.equal(isPermanentSmsFailure(e), false)
      assert.doesNotMatch(e.message, /nope/)
      return true
    })
    assert.equal(twilio.messages.length, 0)
  })

  it('surfaces an invalid number (400, 21211) as a permanent failure with the Twilio body', async () => {
    await assert.rejects(sender.send({ to: '5551234567', body: 'x' }), (e: unknown) => {
      assert.ok(e instanceof UpstreamClientError, String(e))
      assert.equal(e.status, 400)
      assert.equal(isPermanentSmsFailure(e), true)
      const body = JSON.parse(e.body ?? '{}')
      assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'more_info', 'status'])
      assert.equal(body.code, 21211)
      return true
    })
    assert.equal(twilio.requests.length, 1)
  })

  it('treats an unsubscribed recipient (21610) as permanent', async () => {
    twilio.failNext(400, {
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
      more_info: 'https://www.twilio.com/docs/errors/21610',
      status: 400,
    })
    await assert.rejects(sender.send({ to: '+15551234567', body: 'x' }), (e: unknown) => {
      assert.equal(twilioErrorCode(e), 21610)
      assert.equal(isPermanentSmsFailure(e), true)
      return true
    })
  })

  it('retries a 429 (20429) and then succeeds', async () => {
    twilio.rateLimitNext(1)
    const { id } = await sender.send({ to: '+15551234567', body: 'retry me' })
    assert.deepEqual(
      twilio.requests.map((r) => r.status),
      [429, 201],
    )
    assert.equal(twilio.messages.length, 1)
    assert.equal(twilio.messages[0]!.sid, id)
  })

  it('does not retry a 503 (the SMS may have been sent)', async () => {
    twilio.failNext(503)
    await assert.rejects(sender.send({ to: '+15551234567', body: 'once' }), (e: unknown) => {
      assert.ok(e instanceof UpstreamServerError, String(e))
      assert.equal(e.status, 503)
      assert.equal(isPermanentSmsFailure(e), false)
      return true
    })
    assert.equal(twilio.requests.length, 1)
  })

  it('isPermanentSmsFailure ignores non-Twilio errors and odd bodies', () => {
    assert.equal(isPermanentSmsFailure(new Error('x')), false)
    assert.equal(isPermanentSmsFailure(undefined), false)
    const other = new UpstreamClientError('m', { provider: 'smtp', status: 400, body: '{"code":21211}' })
    assert.equal(isPermanentSmsFailure(other), false)
    const html = new UpstreamError('bad_request', 'm', { provider: 'twilio', status: 400, body: '<html>' })
    assert.equal(isPermanentSmsFailure(html), false)
  })
})
