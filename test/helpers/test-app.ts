/**
 * `useTestApp()`: one app on its own migrated database per test file; each test makes its own
 * tenants (isolation without truncation). `newTenant()` returns a client that calls the app as
 * that tenant's user through `app.inject`.
 */
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { after, before } from 'node:test'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import pino, { type Logger } from 'pino'
import { buildApp } from '../../src/app/build-app.ts'
import { collectMigrations } from '../../src/app/migrations.ts'
import { migrateToLatest as migrateList } from '../../src/platform/db/index.ts'
import { createContainer, type Container, type ContainerOverrides } from '../../src/app/container.ts'
import type { App } from '../../src/platform/http/app-type.ts'
import type { Role } from '../../src/platform/auth/scope.ts'
import type { Clock } from '../../src/platform/clock.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

export interface Client {
  tenantId: number
  userId: number
  email: string
  token: string
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>
}

export interface TestApp {
  app: App
  c: Container
  db: TestDatabase
  newTenant(opts?: { role?: Role; plan?: string; email?: string }): Promise<Client>
  /** Another user of an existing tenant, with a session of their own (isolation between colleagues). */
  newUser(tenantId: number, opts?: { role?: Role }): Promise<Client>
  /** Calls without credentials. */
  anon: Omit<Client, 'tenantId' | 'userId' | 'token' | 'email'>
  /**
   * Another process of the service on the same database (a restart, another replica): a new
   * container and app, nothing in memory, jobs not started; closed with this one. Its clients are
   * `as(client)`: the same user and token. Needs the service's keys configured (`serviceKeys()`).
   * `close()` ends it before this one does.
   */
  restart(): Promise<{ app: App; c: Container; as(u: Client): Client; close(): Promise<void> }>
  close(): Promise<void>
}

/** JWT and secrets keys for a test app whose sessions another process must accept (`restart`). */
export const serviceKeys = (): Record<string, string> => ({
  JWT_SECRET: randomBytes(32).toString('hex'),
  SECRETS_KEY: randomBytes(32).toString('base64'),
})

let seq = 0

export interface TestAppOptions {
  env?: Record<string, string>
  clock?: Clock
  /** Providers to use instead of the configured ones (fakes, failing doubles). */
  providers?: ContainerOverrides['providers']
  http?: ContainerOverrides['http']
  cache?: ContainerOverrides['cache']
  /** A module list in place of the app's (migrated before the app is built). */
  modules?: ContainerOverrides['modules']
  /** The app's logger (default: silent), e.g. one writing to a stream a test reads. */
  log?: Logger
  /** Extra routes for testing platform behaviour (registered before the app is ready). */
  routes?: (app: App) => void
}

/** A logger at `level` writing every line into `lines`, for tests that read what is logged. */
export function capturedLog(level: pino.Level): { log: Logger; lines: string[] } {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { log: pino({ level }, sink), lines }
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(opts.env)
  if (opts.modules) await migrateList(db.handle, collectMigrations(opts.modules))
  const overrides: ContainerOverrides = {
    database: db.handle,
    log: opts.log ?? pino({ level: 'silent' }),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.providers ? { providers: opts.providers } : {}),
    ...(opts.http ? { http: opts.http } : {}),
    ...(opts.cache ? { cache: opts.cache } : {}),
    ...(opts.modules ? { modules: opts.modules } : {}),
  }
  const c = await createContainer(db.config, overrides)
  const app = await buildApp(c)
  opts.routes?.(app)
  await app.ready()
  await c.jobs.start({ work: true })
  const others = new Set<{ app: App; c: Container }>()
  const end = async (o: { app: App; c: Container }) => {
    if (!others.delete(o)) return
    await o.app.close()
    await o.c.close()
  }

  const client = (headers: Record<string, string>, to: App = app) => {
    const call = (
      method: InjectOptions['method'],
      url: string,
      body?: unknown,
      extra: Record<string, string> = {},
    ) =>
      to.inject({
        method,
        url,
        headers: { ...headers, ...extra },
        ...(body === undefined ? {} : { payload: body as object }),
      })
    return {
      inject: (o: InjectOptions) => to.inject({ ...o, headers: { ...headers, ...(o.headers ?? {}) } }),
      get: (url: string, extra?: Record<string, string>) => call('GET', url, undefined, extra),
      post: (url: string, body?: unknown, extra?: Record<string, string>) => call('POST', url, body, extra),
      put: (url: string, body?: unknown) => call('PUT', url, body),
      patch: (url: string, body?: unknown) => call('PATCH', url, body),
      delete: (url: string, body?: unknown) => call('DELETE', url, body),
    }
  }

  // `n` numbers the user's name and address; a new tenant's first user shares the tenant's number.
  const newUser = async (
    tenantId: number,
    { role = 'user', email }: { role?: Role; email?: string } = {},
    n = ++seq,
  ) => {
    const address = email ?? `user${n}.${process.pid}.${Date.now()}@example.test`
    const userId = await c.scopes.withSystem('test: new user', async ({ db: tx }) => {
      const u = await tx
        .insertInto('app_user')
        .values({ tenant_id: tenantId, email: address, role, full_name: `User ${n}` })
        .returning('id')
        .executeTakeFirstOrThrow()
      return u.id
    })
    const { access_token: token } = await c.identity.sessions.issue(
      { tenantId, userId, role },
      { ip: null, userAgent: 'test' },
    )
    return { tenantId, userId, token, email: address, ...client({ authorization: `Bearer ${token}` }) }
  }

  return {
    app,
    c,
    db,
    anon: client({}),
    async newTenant({ role = 'user', plan = 'free', email } = {}) {
      const n = ++seq
      const tenantId = await c.scopes.withSystem('test: new tenant', async ({ db: tx }) => {
        const t = await tx
          .insertInto('tenant')
          .values({ name: `Tenant ${n}`, plan_code: plan })
          .returning('id')
          .executeTakeFirstOrThrow()
        return t.id
      })
      return newUser(tenantId, { role, email }, n)
    },
    newUser,
    async restart() {
      if (!db.config.JWT_SECRET) throw new Error('restart(): build the test app with env serviceKeys()')
      const other = await createContainer(db.config, overrides)
      const otherApp = await buildApp(other)
      await otherApp.ready()
      const o = { app: otherApp, c: other }
      others.add(o)
      const as = (u: Client): Client => ({
        ...u,
        ...client({ authorization: `Bearer ${u.token}` }, otherApp),
      })
      return { ...o, as, close: () => end(o) }
    },
    async close() {
      for (const o of [...others]) await end(o)
      await app.close()
      await c.close()
      await db.drop()
    },
  }
}

/** Registers before/after hooks for a test file and returns a handle filled in by `before`. */
export function useTestApp(opts: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp
  before(async () => {
    Object.assign(handle, await buildTestApp(opts))
  })
  after(async () => {
    await handle.close?.()
  })
  return handle
}
