/**
 * Configuration: one TypeBox schema gives the type, the defaults and the validation of every
 * environment variable. This file is the only reader of `process.env` (lint enforces it);
 * everything else receives a `Config`. Every default works offline (embedded PGlite, in-memory
 * cache and queue, simulated providers).
 */
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { vendorProblems } from './config-vendors.ts'

/**
 * `simulated` (the default), one vendor, or vendors in fallback order (`finnhub,alpaca`). The
 * simulated market is never a fallback: real and invented data must not mix.
 */
function providerList(vendors: string[]) {
  const one = `(${vendors.join('|')})`
  return Type.String({
    pattern: `^(simulated|${one}(,${one})*)$`,
    default: 'simulated',
    description: `simulated, or one or more of ${vendors.join(', ')} in fallback order (comma-separated)`,
  })
}

const Bool = Type.Boolean()

export const ConfigSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'test', 'production'], { default: 'development' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  /** Where embedded PGlite keeps its files when DATABASE_URL is unset. */
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  /** unset → PGlite in DATA_DIR; `memory://` → in-memory PGlite; `postgres://…` → PostgreSQL server. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^(memory://|postgres(ql)?://)' })),
  DB_POOL_MAX: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  /**
   * How many distinct query texts each database session (a PostgreSQL connection, or PGlite's one
   * session) prepares once and reuses. 0 parses every statement (for a pooler that cannot keep
   * prepared statements, e.g. PgBouncer in transaction mode before 1.21).
   */
  DB_STATEMENT_CACHE: Type.Integer({ minimum: 0, maximum: 10000, default: 500 }),
  // Shared connections (taken from the pool) that carry scopes' leading reads pipelined (ADR 0026); 0: none.
  DB_READ_LANES: Type.Integer({ minimum: 0, maximum: 8, default: 2 }),
  /**
   * Embedded PGlite only: minutes between ANALYZE runs (it has no autovacuum), with the tables that
   * grew analyzed every minute between them; 0 turns both off.
   */
  PGLITE_ANALYZE_MINUTES: Type.Integer({ minimum: 0, maximum: 1440, default: 30 }),
  /** Embedded PGlite's buffer cache (PostgreSQL's own default is 128MB); resident for the process's life. */
  PGLITE_SHARED_BUFFERS: Type.String({ pattern: '^[1-9][0-9]{0,5}(kB|MB|GB)$', default: '32MB' }),
  /** `redis://…` switches cache and rate-limit state to Redis (needed with several API processes). */
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** Namespace of every Redis key (cache, rate limits), so deployments can share a server. */
  REDIS_PREFIX: Type.String({ pattern: '^[A-Za-z0-9_:.-]{1,64}$', default: 'sextant:' }),
  /** Size budget of the in-process cache (used without REDIS_URL), in MiB of stored JSON text. */
  CACHE_MEMORY_MB: Type.Integer({ minimum: 1, maximum: 65_536, default: 256 }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  /** Base of every link the service writes into e-mails and redirects; unset → http://localhost:PORT. */
  PUBLIC_BASE_URL: Type.String({
    pattern: '^https?://',
    description: 'default: http://localhost:${PORT}, so links follow the listener',
  }),
  /** Comma-separated browser origins allowed by CORS; empty allows none (same-origin only). */
  CORS_ORIGINS: Type.String({ default: '' }),
  TRUST_PROXY: Bool,
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 50 * 1024 * 1024, default: 1024 * 1024 }),
  RATE_LIMIT_ENABLED: Bool,
  /** Per-client budget for ordinary routes; sensitive routes declare tighter ones. */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 1200 }),
  /** HS256 signing key for access tokens (≥ 32 bytes). Generated for development when unset. */
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  /** Base64 32-byte AES-256-GCM key for secrets at rest. Generated for development when unset. */
  SECRETS_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9+/]{43}=$' })),
  /** `inprocess` runs jobs in memory; `durable` keeps them in the database (pg-boss). */
  JOB_QUEUE: Type.Enum(['inprocess', 'durable'], { default: 'inprocess' }),
  /** Whether this API process also works jobs (false when separate `worker` processes do). */
  RUN_JOBS: Bool,
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** Access-token lifetime; refresh tokens last REFRESH_TOKEN_TTL_DAYS. */
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 86_400, default: 900 }),
  REFRESH_TOKEN_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
  /** Adds `Secure` to the svc_token cookie (set it behind HTTPS). */
  COOKIE_SECURE: Bool,
  /** Login throttling per (account, source): free failures, then a wait doubling from BASE up to MAX seconds. */
  LOGIN_FREE_FAILURES: Type.Integer({ minimum: 1, maximum: 1000, default: 5 }),
  LOGIN_DELAY_BASE_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 1 }),
  LOGIN_DELAY_MAX_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400, default: 900 }),
  /** Failures per account per hour from all sources; past it only recently used sources may log in. */
  LOGIN_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 100 }),
  LOGINS_PER_IP_PER_MINUTE: Type.Integer({ minimum: 1, default: 60 }),
  REGISTRATIONS_PER_IP_PER_HOUR: Type.Integer({ minimum: 1, default: 20 }),
  /** E-mail/SMS-sending requests per IP per hour (verification, reset, reactivation). */
  MESSAGES_PER_IP_PER_HOUR: Type.Integer({ minimum: 1, default: 30 }),
  /** SMTP delivery (e.g. smtp://user:pass@127.0.0.1:2525); unset keeps every message in the outbox table. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  EMAIL_FROM: Type.String({ minLength: 3, default: 'Sextant <no-reply@sextant.local>' }),
  /** Twilio-compatible SMS; all three set → real delivery, else the outbox table. */
  TWILIO_ACCOUNT_SID: Type.Optional(Type.String({ minLength: 1 })),
  TWILIO_AUTH_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  TWILIO_FROM: Type.Optional(Type.String({ minLength: 1 })),
  TWILIO_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://api.twilio.com' }),
  /**
   * Web push (VAPID, RFC 8292): the application server key pair, base64url (65-byte public point,
   * 32-byte private scalar). Unset → generated once into DATA_DIR outside production; off in production.
   */
  VAPID_PUBLIC_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{87}$' })),
  VAPID_PRIVATE_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
  /** The contact push services may reach (mailto: or https:); unset → mailto: the EMAIL_FROM address. */
  VAPID_SUBJECT: Type.Optional(Type.String({ pattern: '^(mailto:[^\\s@]+@[^\\s@]+|https://\\S+)$' })),
  /**
   * Signs the mail provider's bounce and complaint webhook (POST /api/notifications/provider-events,
   * HMAC-SHA256); unset → that route answers 404.
   */
  NOTIFICATIONS_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  /** FCM HTTP v1 (Android): the service-account JSON, inline or a path to its file; unset → push_outbox. */
  FCM_SERVICE_ACCOUNT: Type.Optional(Type.String({ minLength: 1 })),
  FCM_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://fcm.googleapis.com' }),
  /** APNs token auth (iOS): the .p8 key (PEM, inline or a path), its key id, the team id, the default topic. */
  APNS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  APNS_KEY_ID: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{10}$' })),
  APNS_TEAM_ID: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{10}$' })),
  APNS_TOPIC: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.-]+$' })),
  /** https://api.push.apple.com (production) or https://api.sandbox.push.apple.com (development builds). */
  APNS_HOST: Type.String({ pattern: '^https?://', default: 'https://api.push.apple.com' }),
  /** Market data and content sources: `simulated` (offline, deterministic) or a vendor. */
  MARKET_DATA_PROVIDER: providerList(['alpaca']),
  NEWS_PROVIDER: providerList(['alpaca', 'finnhub']),
  EARNINGS_PROVIDER: providerList(['finnhub']),
  INSIDER_PROVIDER: providerList(['finnhub', 'sec']),
  TRANSCRIPTS_PROVIDER: providerList(['finnhub']),
  ECONOMIC_CALENDAR_PROVIDER: providerList(['finnhub']),
  /** Daily euro reference exchange rates: simulated, or the ECB's published fixings. */
  FX_PROVIDER: Type.Enum(['simulated', 'ecb'], { default: 'simulated' }),
  ALPACA_DATA_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://data.alpaca.markets' }),
  ALPACA_API_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  ALPACA_API_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Broker A (Alpaca Connect OAuth app). Without the client id and secret, broker A runs against
   * the offline sandbox when BROKER_SANDBOX is on (the default outside production).
   */
  ALPACA_OAUTH_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  ALPACA_OAUTH_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  ALPACA_TRADING_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://api.alpaca.markets' }),
  ALPACA_OAUTH_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://api.alpaca.markets' }),
  ALPACA_AUTHORIZE_URL: Type.String({
    pattern: '^https?://',
    default: 'https://app.alpaca.markets/oauth/authorize',
  }),
  /**
   * The hosted aggregator (SnapTrade partner keys). Without the client id and consumer key it runs
   * against the offline sandbox when BROKER_SANDBOX is on. The path prefix: '' or the legacy /api/v1.
   */
  SNAPTRADE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  SNAPTRADE_CONSUMER_KEY: Type.Optional(Type.String({ minLength: 1 })),
  SNAPTRADE_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://api.snaptrade.com' }),
  SNAPTRADE_PATH_PREFIX: Type.Union([Type.Literal(''), Type.Literal('/api/v1')], { default: '' }),
  /**
   * Broker B (Schwab Trader API individual app; callback: $PUBLIC_BASE_URL/api/brokerb/connect).
   * Without the app key and secret, broker B runs against the offline sandbox when BROKER_SANDBOX is on.
   */
  SCHWAB_APP_KEY: Type.Optional(Type.String({ minLength: 1 })),
  SCHWAB_APP_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  SCHWAB_API_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://api.schwabapi.com' }),
  SCHWAB_AUTHORIZE_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.schwabapi.com/v1/oauth/authorize',
  }),
  /** Vendor simulators under /sandbox for brokers without credentials; default: on unless production. */
  BROKER_SANDBOX: Bool,
  FINNHUB_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://finnhub.io/api/v1' }),
  FINNHUB_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** The ECB's euro reference-rate files (eurofxref-daily.xml, -hist-90d.xml, -hist.xml) live here. */
  ECB_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://www.ecb.europa.eu/stats/eurofxref' }),
  /** SEC EDGAR: submissions JSON host and archives host (filings, company tickers). */
  SEC_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://data.sec.gov' }),
  SEC_ARCHIVES_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://www.sec.gov' }),
  /** The SEC requires a descriptive User-Agent with a contact e-mail. */
  SEC_USER_AGENT: Type.Optional(Type.String({ pattern: '@' })),
  /** OpenAI-compatible chat completions (hosted, Ollama, vLLM); unset → deterministic fallbacks. */
  LLM_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  LLM_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  LLM_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini' }),
  /** Language-model calls a tenant may cause per New York day; past it, deterministic fallbacks. */
  LLM_DAILY_CALLS_PER_TENANT: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 200 }),
  /** OpenAI-compatible /moderations (content categories for the moderation guard); unset → rules only. */
  MODERATION_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  MODERATION_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  MODERATION_MODEL: Type.String({ minLength: 1, default: 'omni-moderation-latest' }),
  /** The free-tier universe a reload of the free feed loads (comma-separated); unset → its built-in list. */
  FREE_FEED_SYMBOLS: Type.Optional(
    Type.String({ pattern: '^[A-Za-z][A-Za-z0-9.\\-]{0,9}(,[A-Za-z][A-Za-z0-9.\\-]{0,9})*$' }),
  ),
  /** Options-flow detection on held symbols runs every N minutes of the regular session (restarting each hour). */
  /** The New York send time (HH:MM, 5-minute step, 05:00–09:25) of briefing subscriptions that name none. */
  BRIEFING_SEND_AT: Type.String({ pattern: '^(0[5-8]:[0-5][05]|09:[0-2][05])$', default: '08:30' }),
  FLOW_DETECT_EVERY_MINUTES: Type.Integer({ minimum: 1, maximum: 60, default: 15 }),
  /** Discovery's scheduled scans: universes and scan types (comma-separated), every N minutes of the session. */
  DISCOVERY_SCAN_UNIVERSES: Type.String({
    pattern: '^(all|sp500|free|watchlist)(,(all|sp500|free|watchlist))*$',
    default: 'watchlist,sp500',
  }),
  DISCOVERY_SCAN_TYPES: Type.String({
    pattern: '^(gappers|volume|momentum|reversal|breakout)(,(gappers|volume|momentum|reversal|breakout))*$',
    default: 'gappers,volume,momentum,reversal,breakout',
  }),
  DISCOVERY_SCAN_EVERY_MINUTES: Type.Integer({ enum: [5, 10, 15, 20, 30, 60], default: 15 }),
  /** How often an open intel-feed stream looks for new items, and sends a heartbeat comment (ms). */
  INTEL_FEED_POLL_MS: Type.Integer({ minimum: 50, maximum: 60_000, default: 2000 }),
  INTEL_FEED_HEARTBEAT_MS: Type.Integer({ minimum: 50, maximum: 300_000, default: 15_000 }),
  /** Minutes between scheduled intraday detections of every tenant's holdings (regular hours). */
  INTRADAY_DETECT_EVERY_MINUTES: Type.Integer({ minimum: 1, maximum: 60, default: 5 }),
  /** New York time (HH:MM, after the 16:00 close) the end-of-day review job runs on trading days. */
  EOD_REVIEW_AT: Type.String({ pattern: '^(1[6-9]|2[0-3]):[0-5][0-9]$', default: '16:30' }),
  /** Create the demo login and its multi-year portfolio on start (idempotent). */
  SEED_DEMO: Bool,
  /** Default values of feature flags; tenants may override them in the database. */
  FEATURE_STOCK_SCREENER_AI: Bool,
  FEATURE_SUPPORT_AI: Bool,
  REFRESH_ROTATION_ENABLED: Bool,
})

export type Config = Static<typeof ConfigSchema>

/** Boolean variables and their defaults (env strings are 'true'/'false'/'1'/'0'). */
const BOOLEAN_DEFAULTS = {
  TRUST_PROXY: false,
  COOKIE_SECURE: false,
  SEED_DEMO: false,
  RATE_LIMIT_ENABLED: true,
  RUN_JOBS: true,
  FEATURE_STOCK_SCREENER_AI: true,
  FEATURE_SUPPORT_AI: true,
  REFRESH_ROTATION_ENABLED: true,
} as const

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Boolean variables whose default depends on another setting (set in loadConfig). */
const CONTEXT_BOOLEANS = new Set(['BROKER_SANDBOX'])

const KNOWN = Object.keys(ConfigSchema.properties)

/** Validates the environment; throws one ConfigError that lists every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, unknown> = {}
  const problems: string[] = []
  for (const key of KNOWN) {
    const raw = env[key]
    if (raw === undefined || raw === '') continue
    if (key in BOOLEAN_DEFAULTS || CONTEXT_BOOLEANS.has(key)) {
      const b = parseBool(raw)
      if (b === undefined) problems.push(`${key}: must be true or false (got "${raw}")`)
      else input[key] = b
    } else input[key] = raw
  }
  for (const [key, value] of Object.entries(BOOLEAN_DEFAULTS)) input[key] ??= value
  const converted = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, input)) as Record<string, unknown>
  // A default that depends on another setting: e-mailed links must reach this listener.
  converted['PUBLIC_BASE_URL'] ??= `http://localhost:${String(converted['PORT'])}`
  // The offline sandbox is for development and tests; production opts in explicitly.
  converted['BROKER_SANDBOX'] ??= converted['NODE_ENV'] !== 'production'
  for (const e of Value.Errors(ConfigSchema, converted)) {
    const key = e.instancePath.replace(/^\//, '') || '(root)'
    if (problems.some((p) => p.startsWith(`${key}:`))) continue
    const allowed = 'allowedValues' in e.params ? e.params.allowedValues : undefined
    const message = allowed ? `must be one of ${allowed.join(', ')}` : e.message
    problems.push(`${key}: ${message} (got ${JSON.stringify(env[key] ?? null)})`)
  }
  const config = converted as Config
  if (config.NODE_ENV === 'production') {
    if (!config.JWT_SECRET) problems.push('JWT_SECRET: required in production')
    if (!config.SECRETS_KEY) problems.push('SECRETS_KEY: required in production')
  }
  problems.push(...vendorProblems(config))
  if (problems.length) throw new ConfigError(problems)
  return config
}

function parseBool(raw: string): boolean | undefined {
  const v = raw.trim().toLowerCase()
  if (['true', '1', 'yes', 'on'].includes(v)) return true
  if (['false', '0', 'no', 'off'].includes(v)) return false
  return undefined
}

/** The first administrator's password for `npm run admin`; not a server setting, so not in Config. */
export function adminPasswordFromEnv(
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  return env['ADMIN_PASSWORD'] || undefined
}

/** Which database engine a configuration selects. */
export function databaseEngine(
  config: Pick<Config, 'DATABASE_URL'>,
): 'pglite-disk' | 'pglite-memory' | 'postgres' {
  if (!config.DATABASE_URL) return 'pglite-disk'
  return config.DATABASE_URL.startsWith('memory://') ? 'pglite-memory' : 'postgres'
}

/** A configuration for tests and tools: defaults plus overrides, validated like the real one. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', ...overrides })
}
