/**
 * The broker adapters by `broker_type`, chosen by configuration. A vendor with OAuth app
 * credentials gets its real adapter against the vendor's hosts. Without them, and with
 * BROKER_SANDBOX on (the default outside production), the same real adapter talks to the offline
 * sandbox: the vendor simulators of `sandbox/`, reached in process and mounted for browsers under
 * `/sandbox/…` (the consent pages and the aggregator's portal). Neither: the broker is absent and its routes say so.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import { isTradingDay } from '../../kernel/calendar/nyse.ts'
import type { SecretCipher } from '../../platform/crypto.ts'
import type { MarketDataProvider } from '../market-data/market-data.port.ts'
import { createHttpClient, type HttpClient } from '../shared/http.ts'
import { createAlpacaBroker } from './alpaca/alpaca-broker.ts'
import type { BrokerAdapter, BrokerType } from './broker.port.ts'
import { createAlpacaSandbox, type AlpacaSandbox } from './sandbox/alpaca.ts'
import { inProcessFetch } from './sandbox/in-process-fetch.ts'
import { createSnapTradeSandbox, type SnapTradeSandbox } from './sandbox/snaptrade/snaptrade.ts'
import { createSnapTradeBroker } from './snaptrade/snaptrade-broker.ts'
import { createSchwabSandbox, type SchwabSandbox } from './sandbox/schwab/schwab.ts'
import { createSchwabBroker, type SchwabBroker } from './schwab/schwab-broker.ts'

export type * from './broker.port.ts'
export { BROKER_TYPES, decimalString } from './broker.port.ts'
export { BrokerConnectionGoneError, isConnectionGone, type GoneReason } from './connection-gone.ts'
export type * from './schwab/schwab-broker.ts'
export { TRANSACTION_TYPES as SCHWAB_TRANSACTION_TYPES } from './schwab/schwab-transactions.ts'
/** Exact sums of decimal strings (what the vendors send), for figures added across accounts. */
export { decAdd, decSum } from '../../kernel/decimal/decimal-string.ts'

export interface BrokerSandbox {
  /** The vendor simulators, each under `/sandbox/<vendor>`; the app forwards `/sandbox/*` here. */
  app: FastifyInstance
  /** The one HTTP client that reaches `app` in process, for the adapters pointed at the sandbox. */
  http: HttpClient
  alpaca: AlpacaSandbox | null
  snaptrade: SnapTradeSandbox | null
  schwab: SchwabSandbox | null
}

export interface BrokerProviders {
  adapters: Partial<Record<BrokerType, BrokerAdapter>>
  /** Schwab with its vendor reads (the same object as `adapters.brokerb`). */
  schwab?: SchwabBroker | null
  sandbox: BrokerSandbox | null
}

export interface BrokerProviderDeps {
  http: HttpClient
  market: MarketDataProvider
  cipher: SecretCipher
  clock: Clock
}

export const SANDBOX_PREFIX = '/sandbox'
/** The client the sandbox registers for this service's OAuth apps (it is no secret: offline only). */
export const SANDBOX_CLIENT = { id: 'sextant-sandbox', secret: 'sextant-sandbox-secret' }
/** The partner keys the SnapTrade sandbox accepts (offline only, no secret). */
export const SANDBOX_SNAPTRADE = { clientId: 'SEXTANT-SANDBOX', consumerKey: 'sextant-sandbox-consumer-key' }

/** PUBLIC_BASE_URL without a trailing slash: the base of redirect URIs and consent pages. */
const publicBase = (config: Config) => config.PUBLIC_BASE_URL.replace(/\/+$/, '')

export function createBrokerProviders(config: Config, deps: BrokerProviderDeps): BrokerProviders {
  const adapters: Partial<Record<BrokerType, BrokerAdapter>> = {}
  const base = publicBase(config)
  const redirect = (path: string) => `${base}${path}`
  const sandbox = config.BROKER_SANDBOX ? createSandboxHost(config, deps) : null

  if (config.ALPACA_OAUTH_CLIENT_ID && config.ALPACA_OAUTH_CLIENT_SECRET) {
    adapters.brokera = createAlpacaBroker({
      http: deps.http,
      tradingBaseUrl: config.ALPACA_TRADING_BASE_URL,
      oauthBaseUrl: config.ALPACA_OAUTH_BASE_URL,
      authorizeUrl: config.ALPACA_AUTHORIZE_URL,
      clientId: config.ALPACA_OAUTH_CLIENT_ID,
      clientSecret: config.ALPACA_OAUTH_CLIENT_SECRET,
      redirectUri: redirect('/api/brokera/connect'),
    })
  } else if (sandbox?.alpaca) {
    const inside = `http://sandbox.internal${SANDBOX_PREFIX}/alpaca`
    adapters.brokera = createAlpacaBroker({
      http: sandbox.http,
      tradingBaseUrl: inside,
      oauthBaseUrl: inside,
      authorizeUrl: `${base}${SANDBOX_PREFIX}/alpaca/oauth/authorize`,
      clientId: SANDBOX_CLIENT.id,
      clientSecret: SANDBOX_CLIENT.secret,
      redirectUri: redirect('/api/brokera/connect'),
    })
  }
  if (config.SNAPTRADE_CLIENT_ID && config.SNAPTRADE_CONSUMER_KEY) {
    adapters.aggregator = createSnapTradeBroker({
      http: deps.http,
      baseUrl: config.SNAPTRADE_BASE_URL,
      pathPrefix: config.SNAPTRADE_PATH_PREFIX,
      clientId: config.SNAPTRADE_CLIENT_ID,
      consumerKey: config.SNAPTRADE_CONSUMER_KEY,
    })
  } else if (sandbox?.snaptrade) {
    adapters.aggregator = createSnapTradeBroker({
      http: sandbox.http,
      baseUrl: `http://sandbox.internal${SANDBOX_PREFIX}/snaptrade`,
      pathPrefix: config.SNAPTRADE_PATH_PREFIX,
      ...SANDBOX_SNAPTRADE,
    })
  }
  const schwab = createSchwab(config, deps, sandbox)
  if (schwab) adapters.brokerb = schwab
  return { adapters, schwab, sandbox }
}

/** Schwab (`brokerb`): the real adapter against Schwab with an app key, else against the sandbox, else none. */
function createSchwab(
  config: Config,
  deps: BrokerProviderDeps,
  sandbox: BrokerSandbox | null,
): SchwabBroker | null {
  const base = publicBase(config)
  const redirectUri = `${base}/api/brokerb/connect`
  if (config.SCHWAB_APP_KEY && config.SCHWAB_APP_SECRET)
    return createSchwabBroker({
      http: deps.http,
      apiBaseUrl: config.SCHWAB_API_BASE_URL,
      authorizeUrl: config.SCHWAB_AUTHORIZE_URL,
      appKey: config.SCHWAB_APP_KEY,
      appSecret: config.SCHWAB_APP_SECRET,
      redirectUri,
      clock: deps.clock,
    })
  if (!sandbox?.schwab) return null
  return createSchwabBroker({
    http: sandbox.http,
    apiBaseUrl: `http://sandbox.internal${SANDBOX_PREFIX}/schwab`,
    authorizeUrl: `${base}${SANDBOX_PREFIX}/schwab/v1/oauth/authorize`,
    appKey: SANDBOX_CLIENT.id,
    appSecret: SANDBOX_CLIENT.secret,
    redirectUri,
    clock: deps.clock,
  })
}

function createSandboxHost(config: Config, deps: BrokerProviderDeps): BrokerSandbox {
  const app = Fastify({ logger: false })
  const base = publicBase(config)
  const quotes = async (symbols: string[]) =>
    (await deps.market.quotes(symbols)).map((q) => ({ symbol: q.symbol, last: q.last }))
  const alpaca = createAlpacaSandbox({
    clientId: SANDBOX_CLIENT.id,
    clientSecret: SANDBOX_CLIENT.secret,
    redirectUris: [`${base}/api/brokera/connect`],
    // Derived from the service's key, so sandbox tokens stay valid across restarts.
    secret: deps.cipher.mac('broker-sandbox', 'alpaca'),
    quotes,
  })
  void app.register(alpaca.plugin, { prefix: `${SANDBOX_PREFIX}/alpaca` })
  const snaptrade = createSnapTradeSandbox({
    ...SANDBOX_SNAPTRADE,
    secret: deps.cipher.mac('broker-sandbox', 'snaptrade'),
    quotes,
    portalBaseUrl: `${base}${SANDBOX_PREFIX}/snaptrade`,
  })
  void app.register(snaptrade.plugin, { prefix: `${SANDBOX_PREFIX}/snaptrade` })
  const schwab = createSchwabSandbox({
    appKey: SANDBOX_CLIENT.id,
    appSecret: SANDBOX_CLIENT.secret,
    redirectUris: [`${base}/api/brokerb/connect`],
    secret: deps.cipher.mac('broker-sandbox', 'schwab'),
    market: deps.market,
    now: () => deps.clock.now(),
    isOpen: tradingDay,
  })
  void app.register(schwab.plugin, { prefix: `${SANDBOX_PREFIX}/schwab` })
  return { app, http: createHttpClient({ fetch: inProcessFetch(app) }), alpaca, schwab, snaptrade }
}

/** The NYSE calendar (holidays closed); a date outside its years falls back to weekdays. */
function tradingDay(date: string): boolean {
  try {
    return isTradingDay(date)
  } catch {
    const day = new Date(`${date}T12:00:00Z`).getUTCDay()
    return day !== 0 && day !== 6
  }
}
