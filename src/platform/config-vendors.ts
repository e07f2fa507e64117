/**
 * Settings that go together, checked after the schema (loadConfig in config.ts): a vendor chosen for
 * a capability needs its credentials, and an id needs its secret.
 */
import type { Config } from './config.ts'

/** A vendor chosen for a capability needs its credentials. */
export function vendorProblems(c: Config): string[] {
  const chosen = [
    c.MARKET_DATA_PROVIDER,
    c.NEWS_PROVIDER,
    c.EARNINGS_PROVIDER,
    c.INSIDER_PROVIDER,
    c.TRANSCRIPTS_PROVIDER,
    c.ECONOMIC_CALENDAR_PROVIDER,
  ].flatMap((v) => v.split(','))
  const out: string[] = []
  if (chosen.includes('alpaca') && !(c.ALPACA_API_KEY_ID && c.ALPACA_API_SECRET_KEY)) {
    out.push(
      'ALPACA_API_KEY_ID: ALPACA_API_KEY_ID and ALPACA_API_SECRET_KEY are required when a provider is alpaca',
    )
  }
  if (Boolean(c.ALPACA_OAUTH_CLIENT_ID) !== Boolean(c.ALPACA_OAUTH_CLIENT_SECRET))
    out.push('ALPACA_OAUTH_CLIENT_ID: ALPACA_OAUTH_CLIENT_ID and ALPACA_OAUTH_CLIENT_SECRET go together')
  if (Boolean(c.SNAPTRADE_CLIENT_ID) !== Boolean(c.SNAPTRADE_CONSUMER_KEY))
    out.push('SNAPTRADE_CLIENT_ID: SNAPTRADE_CLIENT_ID and SNAPTRADE_CONSUMER_KEY go together')
  if (Boolean(c.SCHWAB_APP_KEY) !== Boolean(c.SCHWAB_APP_SECRET))
    out.push('SCHWAB_APP_KEY: SCHWAB_APP_KEY and SCHWAB_APP_SECRET go together')
  if (chosen.includes('finnhub') && !c.FINNHUB_API_KEY)
    out.push('FINNHUB_API_KEY: required when a provider is finnhub')
  if (chosen.includes('sec') && !c.SEC_USER_AGENT)
    out.push('SEC_USER_AGENT: required (with a contact e-mail) when INSIDER_PROVIDER includes sec')
  out.push(...pushProblems(c))
  return out
}

/** Push credentials come in sets: the VAPID key pair, and APNs' key, key id, team id and topic. */
function pushProblems(c: Config): string[] {
  const out: string[] = []
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
    out.push('VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together')
  const apns = [c.APNS_KEY, c.APNS_KEY_ID, c.APNS_TEAM_ID, c.APNS_TOPIC].filter(Boolean).length
  if (apns !== 0 && apns !== 4)
    out.push('APNS_KEY: APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC go together')
  return out
}
