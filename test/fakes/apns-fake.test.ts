/** The APNs fake itself: provider-token checks, header rules, and Apple's answers. */
import assert from 'node:assert/strict'
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { connect, type ClientHttp2Session } from 'node:http2'
import { after, before, describe, it } from 'node:test'
import { importPKCS8, SignJWT, type KeyObject } from 'jose'
import { startApnsFake, type ApnsFake } from './apns-fake.ts'

const TOKEN = 'c'.repeat(64)

describe('APNs fake', () => {
  let apns: ApnsFake
  let client: ClientHttp2Session

  before(async () => {
    apns = await startApnsFake()
    client = connect(apns.host, { ca: apns.ca })
  })
  after(async () => {
    client.close()
    await apns.close()
  })

  async function jwt(opts: { kid?: string; iss?: string; ageS?: number; key?: KeyObject } = {}) {
    const key = opts.key ?? (await importPKCS8(apns.credentials.key, 'ES256'))
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: opts.kid ?? apns.credentials.keyId })
      .setIssuer(opts.iss ?? apns.credentials.teamId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - (opts.ageS ?? 0))
      .sign(key)
  }

  function post(headers: Record<string, string>, token = TOKEN, body = '{"aps":{"alert":"hi"}}') {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }>(
      (resolve, reject) => {
        const stream = client.request({ ':method': 'POST', ':path': `/3/device/${token}`, ...headers })
        let status = 0
        let resHeaders: Record<string, unknown> = {}
        let text = ''
        stream.on('response', (h) => {
          status = Number(h[':status'])
          resHeaders = h
        })
        stream.on('data', (c: Buffer) => (text += c.toString()))
        stream.on('end', () =>
          resolve({
            status,
            headers: resHeaders,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        )
        stream.on('error', reject)
        stream.end(body)
      },
    )
  }

  const good = async () => ({
    authorization: `bearer ${await jwt()}`,
    'apns-topic': apns.credentials.topic,
    'apns-push-type': 'alert',
  })

  it('answers a correct push with 200 and the apns-id it was given', async () => {
    const id = randomUUID()
    const res = await post({ ...(await good()), 'apns-id': id })
    assert.equal(res.status, 200)
    assert.equal(res.headers['apns-id'], id)
    assert.equal(apns.notifications.at(-1)?.apnsId, id)
  })

  it('checks the provider token: missing, another kid, another signer, older than an hour', async () => {
    const base = await good()
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, authorization: '' }, 'MissingProviderToken'],
      [{ ...base, authorization: `bearer ${await jwt({ kid: 'OTHER12345' })}` }, 'InvalidProviderToken'],
      [{ ...base, authorization: `bearer ${await jwt({ iss: 'OTHERTEAM1' })}` }, 'InvalidProviderToken'],
      [
        {
          ...base,
          authorization: `bearer ${await jwt({ key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey })}`,
        },
        'InvalidProviderToken',
      ],
      [{ ...base, authorization: `bearer ${await jwt({ ageS: 3700 })}` }, 'ExpiredProviderToken'],
    ]
    for (const [headers, reason] of cases) {
      const res = await post(headers)
      assert.equal(res.status, 403, reason)
      assert.deepEqual(res.body, { reason })
    }
  })

  it('checks apns-topic, apns-push-type, the token and the payload', async () => {
    const base = await good()
    const cases: Array<[Record<string, string>, string, string?, string?]> = [
      [{ ...base, 'apns-topic': '' }, 'MissingTopic'],
      [{ ...base, 'apns-topic': 'com.other.app' }, 'TopicDisallowed'],
      [{ ...base, 'apns-push-type': 'shout' }, 'InvalidPushType'],
      [{ ...base, 'apns-priority': '7' }, 'BadPriority'],
      [{ ...base, 'apns-collapse-id': 'x'.repeat(65) }, 'BadCollapseId'],
      [base, 'BadDeviceToken', 'not-hex'],
      [base, 'PayloadEmpty', TOKEN, '{}'],
    ]
    for (const [headers, reason, token, body] of cases) {
      const res = await post(headers, token, body)
      assert.equal(res.status, 400, reason)
      assert.deepEqual(res.body, { reason })
    }
  })

  it('410 Unregistered carries the time in milliseconds; scripted answers play once', async () => {
    const at = new Date('2030-05-01T12:00:00.123Z')
    apns.unregister('d'.repeat(64), at)
    const gone = await post(await good(), 'd'.repeat(64))
    assert.equal(gone.status, 410)
    assert.deepEqual(gone.body, { reason: 'Unregistered', timestamp: at.getTime() })
    apns.failNext(429, 'TooManyRequests')
    assert.deepEqual((await post(await good())).body, { reason: 'TooManyRequests' })
    assert.equal((await post(await good())).status, 200)
  })
})
