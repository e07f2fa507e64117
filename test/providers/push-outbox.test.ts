/** The push outbox (mobile push without credentials) and the routing of each platform. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import { pino } from 'pino'
import { fixedClock } from '../../src/platform/clock.ts'
import { testConfig } from '../../src/platform/config.ts'
import { createScopes, type Scopes } from '../../src/platform/db/index.ts'
import {
  createMobilePush,
  createOutboxMobilePushSender,
  PUSH_OUTBOX_MIGRATION,
} from '../../src/providers/push/index.ts'
import { createHttpClient } from '../../src/providers/shared/http.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { startFcmFake, type FcmFake } from '../fakes/fcm-fake.ts'

const silent = { info() {}, warn() {} }

function recordingLogger() {
  const calls: Array<{ obj: object; msg: string | undefined }> = []
  return { calls, info: (obj: object, msg?: string) => void calls.push({ obj, msg }), warn() {} }
}

describe('push outbox', () => {
  let tdb: TestDatabase
  let scopes: Scopes
  let tenantId: number
  let fcm: FcmFake

  before(async () => {
    tdb = await createTestDatabase()
    // The push module's migration creates the table; until it is in the schema, create it here from the same DDL.
    const { rows } = await sql<{ t: string | null }>`select to_regclass('push_outbox')::text as t`.execute(
      tdb.handle.db,
    )
    if (rows[0]?.t == null) for (const ddl of PUSH_OUTBOX_MIGRATION) await sql.raw(ddl).execute(tdb.handle.db)
    scopes = createScopes(tdb.handle.db, pino({ level: 'silent' }))
    const row = await scopes.withSystem('test', ({ db }) =>
      db
        .insertInto('tenant')
        .values({ name: 'acme', plan_code: 'free', status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    tenantId = row.id
    fcm = await startFcmFake()
  })
  after(async () => {
    await fcm.close()
    await tdb.drop()
  })

  const readRow = (id: string) =>
    scopes.withSystem('test', ({ db }) =>
      db.selectFrom('push_outbox').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow(),
    )

  it('keeps every field of the message and answers sent with the row id', async () => {
    const log = recordingLogger()
    const sender = createOutboxMobilePushSender({ scopes, log, logBody: false })
    assert.equal(sender.kind, 'outbox')
    const result = await sender.send(
      { platform: 'ios', deviceToken: 'f'.repeat(64), appId: 'com.example.sextant' },
      {
        title: 'AAPL crossed 200',
        body: 'now 200.13',
        url: '/app/alerts',
        tag: 'alert-42',
        data: { id: '42' },
        ttlSeconds: 60,
        urgency: 'high',
      },
      tenantId,
    )
    assert.equal(result.outcome, 'sent')
    assert.match(result.id ?? '', /^\d+$/)
    const row = await readRow(result.id ?? '')
    assert.equal(row.tenant_id, tenantId)
    assert.equal(row.platform, 'ios')
    assert.equal(row.device_token, 'f'.repeat(64))
    assert.equal(row.app_id, 'com.example.sextant')
    assert.equal(row.title, 'AAPL crossed 200')
    assert.equal(row.body, 'now 200.13')
    assert.deepEqual(row.payload, {
      url: '/app/alerts',
      tag: 'alert-42',
      data: { id: '42' },
      ttl_seconds: 60,
      urgency: 'high',
    })
    assert.deepEqual(log.calls[0]?.obj, { push_outbox_id: result.id, platform: 'ios', token_tail: 'ffffff' })
    const bare = await sender.send(
      { platform: 'android', deviceToken: 'tok-123456' },
      { title: 't', body: 'b' },
    )
    const bareRow = await readRow(bare.id ?? '')
    assert.equal(bareRow.tenant_id, null)
    assert.equal(bareRow.app_id, null)
    assert.deepEqual(bareRow.payload, {})
  })

  it('with neither FCM nor APNs configured, both platforms go to the outbox', async () => {
    const mobile = createMobilePush(testConfig(), {
      scopes,
      log: silent,
      http: createHttpClient(),
      clock: fixedClock(new Date()),
    })
    assert.equal(mobile.kind, 'outbox')
    const result = await mobile.send(
      { platform: 'android', deviceToken: 'tok-abcdef' },
      { title: 't', body: 'b' },
      tenantId,
    )
    assert.equal((await readRow(result.id ?? '')).platform, 'android')
  })

  it('with only FCM configured, Android goes to FCM and iOS stays in the outbox', async () => {
    const config = testConfig({ FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.account), FCM_BASE_URL: fcm.baseUrl })
    const mobile = createMobilePush(config, {
      scopes,
      log: silent,
      http: createHttpClient({ retries: 0 }),
      clock: fixedClock(new Date()),
    })
    assert.equal(mobile.kind, 'remote')
    const sent = fcm.messages.length
    const android = await mobile.send(
      { platform: 'android', deviceToken: 'android-token-1' },
      { title: 't', body: 'b' },
      tenantId,
    )
    assert.match(android.id ?? '', /^projects\//)
    assert.equal(fcm.messages.length, sent + 1)
    const ios = await mobile.send(
      { platform: 'ios', deviceToken: 'e'.repeat(64) },
      { title: 't', body: 'b' },
      tenantId,
    )
    assert.equal((await readRow(ios.id ?? '')).platform, 'ios')
    assert.equal(fcm.messages.length, sent + 1)
    await mobile.close?.()
  })
})
