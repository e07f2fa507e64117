/** VAPID key handling and the push settings' rules. */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import webpush from 'web-push'
import { ConfigError, loadConfig, testConfig } from '../../src/platform/config.ts'
import {
  createWebPush,
  loadOrCreateVapidKeys,
  resolveVapidKeys,
  vapidSubject,
} from '../../src/providers/push/index.ts'

const fresh = () => mkdtempSync(join(tmpdir(), 'vapid-'))
const silent = { info() {}, warn() {} }

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
    return []
  } catch (e) {
    if (e instanceof ConfigError) return e.problems
    throw e
  }
}

/** Another process loading the keys from `dir` (as a second API process would). */
function loadInChild(dir: string): Promise<string> {
  const script = `import { loadOrCreateVapidKeys } from ${JSON.stringify(new URL('../../src/providers/push/vapid-keys.ts', import.meta.url).pathname)}
process.stdout.write(loadOrCreateVapidKeys(${JSON.stringify(dir)}).keys.publicKey)`
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))))
  })
}

describe('VAPID keys', () => {
  it('are generated once into the data directory (mode 0600) and read back after that', () => {
    const dir = fresh()
    const first = loadOrCreateVapidKeys(dir)
    assert.equal(first.created, true)
    assert.equal(statSync(first.file).mode & 0o777, 0o600)
    assert.deepEqual(JSON.parse(readFileSync(first.file, 'utf8')), first.keys)
    assert.equal(Buffer.from(first.keys.publicKey, 'base64url').length, 65)
    const second = loadOrCreateVapidKeys(dir)
    assert.equal(second.created, false)
    assert.deepEqual(second.keys, first.keys)
  })

  it('two processes starting together agree on one pair', async () => {
    const dir = fresh()
    const [a, b] = await Promise.all([loadInChild(dir), loadInChild(dir)])
    assert.equal(a, b)
    assert.equal(a, loadOrCreateVapidKeys(dir).keys.publicKey)
  })

  it('a damaged key file stops the start with a message saying what to do', () => {
    const dir = fresh()
    writeFileSync(join(dir, 'vapid-keys.json'), '{"publicKey":"short"}')
    assert.throws(() => loadOrCreateVapidKeys(dir), /does not hold a VAPID key pair.*delete it/)
  })

  it('configured keys win; production without them is off; an in-memory database gets keys per process', () => {
    const keys = webpush.generateVAPIDKeys()
    const configured = resolveVapidKeys(
      testConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    )
    assert.deepEqual(configured, { keys, source: 'configured' })
    const prod = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
    }
    assert.deepEqual(resolveVapidKeys(testConfig(prod)), { keys: null, source: 'off' })
    assert.equal(createWebPush(testConfig(prod), { log: silent }).vapidPublicKey, null)
    const a = resolveVapidKeys(testConfig())
    const b = resolveVapidKeys(testConfig())
    assert.equal(a.source, 'process')
    assert.notEqual(a.keys?.publicKey, b.keys?.publicKey)
    const dir = fresh()
    const onDisk = resolveVapidKeys(
      testConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db', DATA_DIR: dir }),
    )
    assert.equal(onDisk.source, 'file')
    assert.deepEqual(onDisk.keys, loadOrCreateVapidKeys(dir).keys)
  })

  it('the subject defaults to mailto: the EMAIL_FROM address', () => {
    assert.equal(vapidSubject(testConfig()), 'mailto:no-reply@sextant.local')
    assert.equal(vapidSubject(testConfig({ EMAIL_FROM: 'ops@example.com' })), 'mailto:ops@example.com')
    assert.equal(
      vapidSubject(testConfig({ VAPID_SUBJECT: 'https://sextant.example.com' })),
      'https://sextant.example.com',
    )
  })
})

describe('push settings', () => {
  it('VAPID keys come as a pair, in base64url of the right lengths', () => {
    const keys = webpush.generateVAPIDKeys()
    assert.deepEqual(problems({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }), [])
    assert.match(problems({ VAPID_PUBLIC_KEY: keys.publicKey })[0] ?? '', /^VAPID_PUBLIC_KEY: .* go together/)
    assert.match(
      problems({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })[0] ?? '',
      /^VAPID_PUBLIC_KEY:/,
    )
    assert.match(problems({ VAPID_SUBJECT: 'ops@example.com' })[0] ?? '', /^VAPID_SUBJECT:/)
  })

  it('APNs settings come as a set of four', () => {
    const all = {
      APNS_KEY: '/keys/AuthKey.p8',
      APNS_KEY_ID: 'ABC123DEFG',
      APNS_TEAM_ID: 'TEAM123456',
      APNS_TOPIC: 'com.example.app',
    }
    assert.deepEqual(problems(all), [])
    assert.match(
      problems({ APNS_KEY: '/keys/AuthKey.p8' })[0] ?? '',
      /^APNS_KEY: APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC go together/,
    )
    assert.match(problems({ ...all, APNS_KEY_ID: 'short' })[0] ?? '', /^APNS_KEY_ID:/)
  })
})
