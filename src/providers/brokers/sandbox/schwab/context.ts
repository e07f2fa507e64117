/** What the Schwab sandbox's route files share. */
import type { ChaosState } from '../chaos.ts'
import type { SandboxSigner } from '../sandbox-tokens.ts'
import type { Catalog, SchwabMarket } from './catalog.ts'
import type { Logins } from './logins.ts'
import type { SchwabTokens } from './tokens.ts'

export interface SchwabContext {
  appKey: string
  appSecret: string
  redirectUris: readonly string[]
  now: () => Date
  signer: SandboxSigner
  tokens: SchwabTokens
  chaos: ChaosState
  /** Refresh tokens of a lower generation are expired (chaos.expireRefreshTokens). */
  refresh: { generation: number; expiredBelow: number }
  logins: Logins
  catalog: Catalog
  market: SchwabMarket
  /** The symbols accounts hold and movers rank. */
  universe: readonly string[]
  /** Nonces of codes already exchanged (single use). */
  usedCodes: Set<string>
  /** Whether the markets open on a date (YYYY-MM-DD); default: weekdays. */
  isOpen: (date: string) => boolean
  /** Where the plugin is mounted (for Location headers). */
  prefix: string
}
