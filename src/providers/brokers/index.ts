/**
 * The broker adapters by `broker_type`, chosen by configuration. A vendor with OAuth app
 * credentials gets its real adapter against the vendor's hosts. Without them, and with
 * BROKER_SANDBOX on (the default outside production), the same real adapter talks to the offline
 * sandbox: the vendor simulators of `sandbox/`, reached in process and mounted for browsers under
 * `/sandbox/…` (the consent pages and the aggregator's portal). Neither: the broker is absent and its routes say so.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { SecretCipher } from '../../platform/crypto.ts'
import type { MarketDataProvider } from '../market-data/market-data.port.ts'
import { createHttpClient, type HttpClient } from '../shared/http.ts'
import { createAlpacaBroker } from './alpaca/alpaca-broker.ts'
import type { BrokerAdapter, BrokerType } from './broker.port.ts'
import { createAlpacaSandbox, type AlpacaSandbox } from './sandbox/alpaca.ts'
import { inProcessFetch } from './sandbox/in-process-fetch.ts'
import { createSnapTradeSandbox, type SnapTradeSandbox } from './sandbox/snaptrade/snaptrade.ts'
import { createSnapTradeBroker } from './snaptrade/snaptrade-broker.ts'

export type * from './broker.port.ts'
export { BROKER_TYPES, decimalString } from './broker.port.ts'

export interface BrokerSandbox {
  /** The vendor simulators, each under `/sandbox/<vendor>`; the app forwards `/sandbox/*` here. */
  app: FastifyInstance
  alpaca: AlpacaSandbox | null
  snaptrade: SnapTradeSandbox | null
}

export interface BrokerProviders {
  adapters: Partial<Record<BrokerType, BrokerAdapter>>
  sandbox: BrokerSandbox | null
}

export interface BrokerProviderDeps {
  http: HttpClient
  market: MarketDataProvider
  cipher: SecretCipher
}

export const SANDBOX_PREFIX = '/sandbox'
/** The client the sandbox registers for this service's OAuth apps (it is no secret: offline only). */
export const SANDBOX_CLIENT = { id: 'sextant-sandbox', secret: 'sextant-sandbox-secret' }
/** The partner keys the SnapTrade sandbox accepts (offline only, no secret). */
export const SANDBOX_SNAPTRADE = { clientId: 'SEXTANT-SANDBOX', consumerKey: 'sextant-sandbox-consumer-key' }

export function createBrokerProviders(config: Config, deps: BrokerProviderDeps): BrokerProviders {
  const adapters: Partial<Record<BrokerType, BrokerAdapter>> = {}
  const base = config.PUBLIC_BASE_URL.replace(/\/+$/, '')
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
      http: createHttpClient({ fetch: inProcessFetch(sandbox.app) }),
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
      http: createHttpClient({ fetch: inProcessFetch(sandbox.app) }),
      baseUrl: `http://sandbox.internal${SANDBOX_PREFIX}/snaptrade`,
      pathPrefix: config.SNAPTRADE_PATH_PREFIX,
      ...SANDBOX_SNAPTRADE,
    })
  }
  return { adapters, sandbox }
}

function createSandboxHost(config: Config, deps: BrokerProviderDeps): BrokerSandbox {
  const app = Fastify({ logger: false })
  const base = config.PUBLIC_BASE_URL.replace(/\/+$/, '')
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
  return { app, alpaca, snaptrade }
}
