/**
 * Composition root: every long-lived object is built here with an explicit `new`/factory call, in
 * dependency order. Tests pass overrides (a fixed clock, a test database, fake providers).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import pino, { type Logger } from 'pino'
import { createAuthenticator, type Authenticator } from '../platform/auth/authenticator.ts'
import { createTokenSigner, type TokenSigner } from '../platform/auth/tokens.ts'
import { createCache, type Cache } from '../platform/cache/index.ts'
import { createDailyBudget } from '../platform/daily-budget.ts'
import { systemClock, type Clock } from '../platform/clock.ts'
import { databaseEngine, type Config } from '../platform/config.ts'
import { createCipher, generateKey, randomToken, type SecretCipher } from '../platform/crypto.ts'
import { createDatabase, type DatabaseHandle } from '../platform/db/database.ts'
import { createScopes, type Scopes } from '../platform/db/tenant-scope.ts'
import { createFeatureFlags, type FeatureFlags } from '../platform/feature-flags.ts'
import { loggerOptions } from '../platform/http/logging.ts'
import { createIds, type Ids } from '../platform/ids.ts'
import { createJobQueue, type JobQueue } from '../platform/jobs/index.ts'
import { createHttpClient, type HttpClient } from '../providers/shared/http.ts'
import { createIdentity, type Identity } from '../modules/identity/index.ts'
import { createContentModule, type ContentModule } from '../modules/content/index.ts'
import { createFreeFeed, type FreeFeed } from '../modules/free-feed/index.ts'
import { createIntel, type Intel } from '../modules/intel/index.ts'
import { createMarketDataModule, type MarketData } from '../modules/market-data/index.ts'
import { createPortfolio, type Portfolio } from '../modules/portfolio/index.ts'
import { createTranscripts, type TranscriptsService } from '../modules/transcripts/index.ts'
import { createLlm, type LlmProvider } from '../providers/llm/index.ts'
import { EntitlementsService, TenancyService } from '../modules/tenancy/index.ts'
import { createEmailSender, type EmailSender } from '../providers/email/index.ts'
import {
  createMarketProviders,
  type MarketDataProvider,
  type MarketProviders,
} from '../providers/market-data/index.ts'
import { createSmsSender, type SmsSender } from '../providers/sms/index.ts'

export interface Container {
  config: Config
  log: Logger
  clock: Clock
  ids: Ids
  database: DatabaseHandle
  scopes: Scopes
  redis: Redis | undefined
  cache: Cache
  jobs: JobQueue
  cipher: SecretCipher
  signer: TokenSigner
  authenticator: Authenticator
  flags: FeatureFlags
  http: HttpClient
  market: MarketDataProvider
  content: Omit<MarketProviders, 'market'>
  email: EmailSender
  sms: SmsSender
  identity: Identity
  portfolio: Portfolio
  llm: LlmProvider | null
  marketData: MarketData
  contentModule: ContentModule
  freeFeed: FreeFeed
  intel: Intel
  transcripts: TranscriptsService
  tenancy: TenancyService
  close(): Promise<void>
}

export interface ContainerOverrides {
  log?: Logger
  clock?: Clock
  database?: DatabaseHandle
  http?: HttpClient
  market?: MarketDataProvider
  /** The free-tier symbol list a reload reads (tests). */
  freeFeedDefaults?: () => string[]
  email?: EmailSender
  sms?: SmsSender
  /** Who this process is, named to another process that finds the data directory held. */
  owner?: string
}

export async function createContainer(
  config: Config,
  overrides: ContainerOverrides = {},
): Promise<Container> {
  const log = overrides.log ?? pino(loggerOptions(config.LOG_LEVEL))
  const clock = overrides.clock ?? systemClock
  const ids = createIds(clock)
  const database =
    overrides.database ??
    (await createDatabase(config, {
      ...(overrides.owner ? { owner: overrides.owner } : {}),
      onPoolError: (err) => log.warn({ err }, 'idle database connection failed'),
    }))
  // After the database: the data-directory lock also guards the secrets file kept there.
  const secrets = resolveSecrets(config, log)
  const scopes = createScopes(database.db, log)
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined
  const cache = createCache(config, redis)
  const jobs = createJobQueue(config, database, log, clock)
  const cipher = createCipher(secrets.secretsKey)
  const signer = createTokenSigner(secrets.jwtSecret)
  const flags = createFeatureFlags({ config, scopes, cache })
  const http = overrides.http ?? createHttpClient()
  const email = overrides.email ?? createEmailSender(config, { scopes, log })
  const sms = overrides.sms ?? createSmsSender(config, { scopes, log, http })
  const entitlements = new EntitlementsService({ scopes, flags, clock })
  const identity = createIdentity({
    config,
    scopes,
    cache,
    clock,
    ids,
    signer,
    cipher,
    jobs,
    email,
    sms,
    flags,
    log,
    entitlements,
  })
  const authenticator = createAuthenticator({
    signer,
    clock,
    cache,
    principals: identity.sessions,
    sessions: identity.sessions,
    apiKeys: identity.apiKeys,
  })
  const tenancy = new TenancyService({ scopes, flags })
  const { market: configuredMarket, ...content } = createMarketProviders(config, { clock, http, cache })
  const market = overrides.market ?? configuredMarket
  const marketData = createMarketDataModule({ market, cache, clock })
  const portfolio = createPortfolio({
    scopes,
    clock,
    market,
    cache,
    instruments: marketData.instruments,
    entitlements,
  })
  const llm = createLlm(
    { baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL },
    { http },
  )
  const contentModule = createContentModule({
    news: content.news,
    earnings: content.earnings,
    cache,
    clock,
    manual: portfolio.manual,
  })
  const freeFeed = createFreeFeed({
    scopes,
    clock,
    market,
    jobs,
    log,
    ...(overrides.freeFeedDefaults ? { defaults: overrides.freeFeedDefaults } : {}),
  })
  const intel = createIntel({ scopes, clock, insider: content.insider, manual: portfolio.manual, log })
  const transcripts = createTranscripts({
    scopes,
    transcripts: content.transcripts,
    llm,
    llmBudget: createDailyBudget('llm-calls', config.LLM_DAILY_CALLS_PER_TENANT, { cache, clock }),
    log,
  })

  return {
    config,
    log,
    clock,
    ids,
    database,
    scopes,
    redis,
    cache,
    jobs,
    cipher,
    signer,
    authenticator,
    flags,
    http,
    market,
    content,
    email,
    sms,
    identity,
    portfolio,
    llm,
    marketData,
    contentModule,
    freeFeed,
    intel,
    transcripts,
    tenancy,
    async close() {
      await jobs.stop(config.SHUTDOWN_TIMEOUT_MS)
      await email.close?.()
      await cache.close()
      if (redis) await redis.quit().catch(() => undefined)
      if (!overrides.database) await database.close()
    },
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
