/**
 * Composition root: the platform's services, then the providers, then every module of the list
 * (module-graph.ts, in dependency order), then the authenticator. Tests pass overrides (a fixed
 * clock, a test database, any provider).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import pino, { type Logger } from 'pino'
import { createAuthenticator, type Authenticator } from '../platform/auth/authenticator.ts'
import { createTokenSigner } from '../platform/auth/tokens.ts'
import { createCache, type Cache } from '../platform/cache/index.ts'
import { systemClock, type Clock } from '../platform/clock.ts'
import { databaseEngine, type Config } from '../platform/config.ts'
import { createCipher, generateKey, randomToken } from '../platform/crypto.ts'
import { createDatabase, createScopes, type DatabaseHandle } from '../platform/db/index.ts'
import { createFeatureFlags } from '../platform/feature-flags.ts'
import { loggerOptions } from '../platform/http/logging.ts'
import { createMetricsRegistry } from '../platform/http/metrics.ts'
import { createIds } from '../platform/ids.ts'
import { createJobQueue } from '../platform/jobs/index.ts'
import { createHttpClient, type HttpClient } from '../providers/shared/http.ts'
import { createProviders, type Providers } from '../providers/index.ts'
import type { ModuleContext } from '../modules/module.ts'
import { buildModules, registerJobs } from './module-graph.ts'
import { modules, type AnyModule, type ModuleApis } from './modules.ts'

/** The platform, the providers and every module's API under its key (`c.portfolio`, `c.identity`). */
export type Container = ModuleContext &
  ModuleApis & {
    database: DatabaseHandle
    redis: Redis | undefined
    authenticator: Authenticator
    /** The modules this container built (the app mounts their routes). */
    modules: readonly AnyModule[]
    /** Installs the modules' cron schedules; call after `jobs.start` in the process that runs jobs. */
    scheduleJobs(): Promise<void>
    close(): Promise<void>
  }

export interface ContainerOverrides {
  log?: Logger
  clock?: Clock
  database?: DatabaseHandle
  http?: HttpClient
  /** A cache whose entries expire on the test's clock. */
  cache?: Cache
  /** Any provider in place of the configured one (fakes, failing doubles, loopback adapters). */
  providers?: Partial<Providers>
  /** The module list, when not the app's own (a test adding an example module). */
  modules?: readonly AnyModule[]
  /** Who this process is, named to another process that finds the data directory held. */
  owner?: string
}

export async function createContainer(
  config: Config,
  overrides: ContainerOverrides = {},
): Promise<Container> {
  const log = overrides.log ?? pino(loggerOptions(config.LOG_LEVEL))
  const clock = overrides.clock ?? systemClock
  const database =
    overrides.database ??
    (await createDatabase(config, {
      ...(overrides.owner ? { owner: overrides.owner } : {}),
      onPoolError: (err) => log.warn({ err }, 'database connection failed outside a request'),
    }))
  // After the database: the data-directory lock also guards the secrets file kept there.
  const secrets = resolveSecrets(config, log)
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined
  const ctx = platformContext(config, { log, clock, database, redis, secrets, overrides })
  const providers = createProviders(config, ctx, overrides.providers)
  const context: ModuleContext = { ...ctx, providers }
  const list = overrides.modules ?? modules
  const apis = buildModules(list, context) as ModuleApis
  const jobs = registerJobs(list, apis, context)
  // Role, plan and standing, session revocation and API keys: all the identity module's; agent keys bot controls'.
  const authenticator = createAuthenticator({
    ...context,
    principals: apis.identity.sessions,
    sessions: apis.identity.sessions,
    apiKeys: apis.identity.apiKeys,
    // An agent's key on a person's operation is a 403 that says where such keys work, not a 401.
    ...(apis.botControls ? { agentKeys: apis.botControls.credentials } : {}),
  })
  return {
    ...context,
    ...apis,
    database,
    redis,
    authenticator,
    modules: list,
    scheduleJobs: jobs.schedule,
    async close() {
      await context.jobs.stop(config.SHUTDOWN_TIMEOUT_MS)
      await providers.email.close?.()
      await providers.mobilePush.close?.()
      await context.cache.close()
      if (redis) await redis.quit().catch(() => undefined)
      if (!overrides.database) await database.close()
    },
  }
}

/** The platform's services, shared by the providers and every module. */
function platformContext(
  config: Config,
  deps: {
    log: Logger
    clock: Clock
    database: DatabaseHandle
    redis: Redis | undefined
    secrets: Secrets
    overrides: Pick<ContainerOverrides, 'http' | 'cache'>
  },
): Omit<ModuleContext, 'providers'> {
  const { log, clock, database } = deps
  const scopes = createScopes(database.db, log)
  const cache = deps.overrides.cache ?? createCache(config, deps.redis)
  return {
    config,
    log,
    clock,
    ids: createIds(clock),
    scopes,
    cache,
    jobs: createJobQueue(config, database, log, clock),
    cipher: createCipher(deps.secrets.secretsKey),
    signer: createTokenSigner(deps.secrets.jwtSecret),
    flags: createFeatureFlags({ config, scopes, cache }),
    http: deps.overrides.http ?? createHttpClient(),
    metrics: createMetricsRegistry(),
  }
}

interface Secrets {
  jwtSecret: string
  secretsKey: string
}

/**
 * Production must configure both secrets (loadConfig enforces it). In development they are generated
 * once and kept beside the embedded database, so restarts keep sessions and encrypted data readable;
 * an in-memory database gets throw-away ones.
 */
function resolveSecrets(config: Config, log: Logger): Secrets {
  if (config.JWT_SECRET && config.SECRETS_KEY)
    return { jwtSecret: config.JWT_SECRET, secretsKey: config.SECRETS_KEY }
  const generated = { jwtSecret: randomToken(48), secretsKey: generateKey() }
  let secrets = generated
  if (databaseEngine(config) === 'pglite-disk') {
    const file = join(config.DATA_DIR, 'dev-secrets.json')
    if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as Secrets
    else {
      mkdirSync(config.DATA_DIR, { recursive: true })
      writeFileSync(file, JSON.stringify(generated), { mode: 0o600 })
      log.warn({ file }, 'generated development secrets (set JWT_SECRET and SECRETS_KEY in production)')
    }
  }
  return {
    jwtSecret: config.JWT_SECRET ?? secrets.jwtSecret,
    secretsKey: config.SECRETS_KEY ?? secrets.secretsKey,
  }
}
