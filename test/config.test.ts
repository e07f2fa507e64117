import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { ConfigError, ConfigSchema, databaseEngine, loadConfig } from '../src/platform/config.ts'

describe('configuration', () => {
  it('every default works offline', () => {
    const c = loadConfig({})
    assert.equal(c.PORT, 8000)
    assert.equal(c.HOST, '0.0.0.0')
    assert.equal(c.DATA_DIR, './data')
    assert.equal(c.DATABASE_URL, undefined)
    assert.equal(c.REDIS_URL, undefined)
    assert.equal(c.PUBLIC_BASE_URL, 'http://localhost:8000')
    assert.equal(c.JOB_QUEUE, 'inprocess')
    assert.equal(c.RATE_LIMIT_ENABLED, true)
    assert.equal(databaseEngine(c), 'pglite-disk')
  })

  it('converts numbers and booleans from strings', () => {
    const c = loadConfig({
      PORT: '9001',
      RATE_LIMIT_ENABLED: 'false',
      TRUST_PROXY: '1',
      DATABASE_URL: 'memory://',
    })
    assert.equal(c.PORT, 9001)
    assert.equal(c.PUBLIC_BASE_URL, 'http://localhost:9001', 'links follow the listener')
    assert.equal(c.RATE_LIMIT_ENABLED, false)
    assert.equal(c.TRUST_PROXY, true)
    assert.equal(databaseEngine(c), 'pglite-memory')
    assert.equal(databaseEngine(loadConfig({ DATABASE_URL: 'postgres://u:p@h/db' })), 'postgres')
  })

  it('PUBLIC_BASE_URL defaults from PORT; an explicit one wins', () => {
    assert.equal(loadConfig({ PORT: '3000' }).PUBLIC_BASE_URL, 'http://localhost:3000')
    const proxied = loadConfig({ PORT: '3000', PUBLIC_BASE_URL: 'https://sextant.example.com' })
    assert.equal(proxied.PUBLIC_BASE_URL, 'https://sextant.example.com')
  })

  it('lists every bad variable in one error', () => {
    let error: unknown
    try {
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        RATE_LIMIT_ENABLED: 'maybe',
        REDIS_URL: 'http://x',
        JOB_QUEUE: 'kafka',
        SECRETS_KEY: 'short',
      })
    } catch (e) {
      error = e
    }
    assert.ok(error instanceof ConfigError)
    const keys = error.problems.map((p) => p.split(':')[0]).sort()
    assert.deepEqual(keys, [
      'DATABASE_URL',
      'JOB_QUEUE',
      'LOG_LEVEL',
      'PORT',
      'RATE_LIMIT_ENABLED',
      'REDIS_URL',
      'SECRETS_KEY',
    ])
    assert.match(
      error.message,
      /LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)/,
    )
    assert.match(error.message, /PORT: .*\(got "eighty"\)/)
  })

  it('production requires real secrets', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }),
      (e: unknown) =>
        e instanceof ConfigError &&
        e.problems.some((p) => p.startsWith('JWT_SECRET')) &&
        e.problems.some((p) => p.startsWith('SECRETS_KEY')),
    )
    const ok = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    })
    assert.equal(ok.NODE_ENV, 'production')
  })

  it('.env.example documents every setting with its default', () => {
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
    const defaults = loadConfig({}) as Record<string, unknown>
    for (const key of Object.keys(ConfigSchema.properties)) {
      assert.match(example, new RegExp(`^#? ?${key}=`, 'm'), `${key} missing from .env.example`)
      const line = new RegExp(`^${key}=(.*)$`, 'm').exec(example)
      if (line && defaults[key] !== undefined)
        assert.equal(line[1], String(defaults[key] as string | number | boolean), `${key} default`)
    }
  })
})
