/**
 * Tokens at rest: AES-256-GCM with the tenant and broker as associated data (a ciphertext moved to
 * another tenant's row does not decrypt), and what a connection's status says about the vendor's
 * hard refresh-token limit (Schwab: 7 days).
 */
import type { SecretCipher } from '../../../../platform/crypto.ts'
import type { BrokerGrant } from '../../../../providers/brokers/index.ts'
import type { ConnectedBroker } from '../../brokers.tables.ts'
import type { ConnectionRow, NewTokens } from '../connections.repository.ts'

/** A token is bound to its tenant and broker: decrypting it anywhere else fails. */
const tokenAad = (tenantId: number, broker: ConnectedBroker) => `broker-token:${tenantId}:${broker}`

export function sealed(
  cipher: SecretCipher,
  tenantId: number,
  broker: ConnectedBroker,
  g: BrokerGrant,
): NewTokens {
  const aad = tokenAad(tenantId, broker)
  return {
    access_token_enc: cipher.encrypt(g.accessToken, aad),
    refresh_token_enc: g.refreshToken ? cipher.encrypt(g.refreshToken, aad) : null,
    access_expires_at: g.accessExpiresAt ?? null,
    refresh_expires_at: g.refreshExpiresAt ?? null,
    scope: g.scope ?? null,
  }
}

/** The stored grant, or null when it cannot be decrypted (a changed SECRETS_KEY, a moved row). */
export function unsealed(
  cipher: SecretCipher,
  tenantId: number,
  broker: ConnectedBroker,
  row: ConnectionRow,
): BrokerGrant | null {
  const aad = tokenAad(tenantId, broker)
  try {
    return {
      accessToken: cipher.decrypt(row.access_token_enc ?? '', aad),
      refreshToken: row.refresh_token_enc ? cipher.decrypt(row.refresh_token_enc, aad) : undefined,
      accessExpiresAt: row.access_expires_at ?? undefined,
      refreshExpiresAt: row.refresh_expires_at ?? undefined,
    }
  } catch {
    return null
  }
}

/** Vendors with a hard refresh-token limit (Schwab: 7 days): when to authorise again. */
export function reauthorization(broker: ConnectedBroker, row: ConnectionRow, lapsed: boolean) {
  if (row.refresh_expires_at === null) return {}
  const at = row.refresh_expires_at.toISOString()
  return {
    access_expires_at: row.access_expires_at?.toISOString() ?? null,
    refreshed_at: row.refreshed_at?.toISOString() ?? null,
    reauthorize_required: lapsed,
    reauthorize_hint: lapsed
      ? `the authorisation lapsed at ${at} (the refresh token lives 7 days): authorise again with GET /api/${broker}/auth-url, then connect`
      : `access tokens are refreshed automatically until ${at}; authorise again before then (GET /api/${broker}/auth-url, then connect)`,
  }
}
