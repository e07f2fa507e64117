/**
 * Every external service the modules reach, behind its port, chosen by configuration (each has a
 * deterministic simulated or local default). Tests replace any of them through
 * `ContainerOverrides.providers`; the modules never know which adapter they got.
 */
import type { Logger } from 'pino'
import type { Cache } from '../platform/cache/index.ts'
import type { Clock } from '../platform/clock.ts'
import type { Config } from '../platform/config.ts'
import type { SecretCipher } from '../platform/crypto.ts'
import type { Scopes } from '../platform/db/index.ts'
import { createBrokerProviders, type BrokerProviders } from './brokers/index.ts'
import { createEmailSender, type EmailSender } from './email/index.ts'
import { createLlm, type LlmProvider } from './llm/index.ts'
import { createModeration, type ModerationProvider } from './moderation/index.ts'
import {
  createMarketProviders,
  type DividendsProvider,
  type FxProvider,
  type EarningsProvider,
  type EconomicCalendarProvider,
  type InsiderProvider,
  type MarketDataProvider,
  type NewsProvider,
  type TranscriptsProvider,
} from './market-data/index.ts'
import { createMobilePush, createWebPush, type MobilePushSender, type WebPushSender } from './push/index.ts'
import type { HttpClient } from './shared/http.ts'
import { createSmsSender, type SmsSender } from './sms/index.ts'

export interface Providers {
  market: MarketDataProvider
  news: NewsProvider
  earnings: EarningsProvider
  insider: InsiderProvider
  transcripts: TranscriptsProvider
  /** ECONOMIC_CALENDAR_PROVIDER: macro releases for the daily game plan. */
  economicCalendar: EconomicCalendarProvider
  /** Ex-dividend dates (simulated only). */
  dividends: DividendsProvider
  /** Daily euro reference exchange rates. */
  fx: FxProvider
  /** Null when no language model is configured: callers use their deterministic fallbacks. */
  llm: LlmProvider | null
  /** Null unless MODERATION_BASE_URL is set: the moderation guard then uses its rules alone. */
  moderation: ModerationProvider | null
  email: EmailSender
  sms: SmsSender
  /** Browser push (VAPID); `vapidPublicKey` is null when it is off (production without keys). */
  webPush: WebPushSender
  /** FCM (Android) and APNs (iOS) when configured, else the push_outbox table. */
  mobilePush: MobilePushSender
  /** Broker adapters by broker_type, and the offline sandbox when it is on. */
  brokers: BrokerProviders
}

export interface ProviderDeps {
  clock: Clock
  http: HttpClient
  cache: Cache
  scopes: Scopes
  log: Logger
  cipher: SecretCipher
}

/** The configured providers, with `overrides` taking the place of any of them. */
export function createProviders(
  config: Config,
  deps: ProviderDeps,
  overrides: Partial<Providers> = {},
): Providers {
  const market = createMarketProviders(config, deps)
  const llm =
    'llm' in overrides
      ? (overrides.llm ?? null)
      : createLlm({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }, deps)
  const moderation =
    'moderation' in overrides ? (overrides.moderation ?? null) : createModeration(config, deps)
  return {
    market: overrides.market ?? market.market,
    news: overrides.news ?? market.news,
    earnings: overrides.earnings ?? market.earnings,
    insider: overrides.insider ?? market.insider,
    transcripts: overrides.transcripts ?? market.transcripts,
    economicCalendar: overrides.economicCalendar ?? market.economicCalendar,
    dividends: overrides.dividends ?? market.dividends,
    fx: overrides.fx ?? market.fx,
    llm,
    moderation,
    email: overrides.email ?? createEmailSender(config, deps),
    sms: overrides.sms ?? createSmsSender(config, deps),
    webPush: overrides.webPush ?? createWebPush(config, deps),
    mobilePush: overrides.mobilePush ?? createMobilePush(config, deps),
    brokers:
      overrides.brokers ??
      createBrokerProviders(config, {
        http: deps.http,
        market: overrides.market ?? market.market,
        cipher: deps.cipher,
        clock: deps.clock,
      }),
  }
}
