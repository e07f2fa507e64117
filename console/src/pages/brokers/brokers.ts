/**
 * The three connectable brokers and what the Brokers page reads of each: the API calls (status, connect,
 * sync, disconnect, accounts, positions), the status's `extra` details narrowed from the API's open
 * record, and the words for the codes a connect sends the browser back with.
 */
import { api, data } from '../../api/client.ts'

export type BrokerType = 'brokera' | 'brokerb' | 'aggregator'

export interface BrokerInfo {
  type: BrokerType
  vendor: string
  /** How the service names it in its API (broker A, broker B, the aggregator). */
  role: string
  blurb: string
}

export const BROKERS: BrokerInfo[] = [
  {
    type: 'brokera',
    vendor: 'Alpaca',
    role: 'broker A',
    blurb: 'Trading account through Alpaca Connect (OAuth). Tokens do not expire.',
  },
  {
    type: 'brokerb',
    vendor: 'Charles Schwab',
    role: 'broker B',
    blurb: 'Every account of your Schwab login (OAuth). Authorise again every 7 days.',
  },
  {
    type: 'aggregator',
    vendor: 'SnapTrade',
    role: 'the aggregator',
    blurb: 'Other brokerages through SnapTrade’s connection portal (read-only).',
  },
]

export const vendorOf = (type: string): string => BROKERS.find((b) => b.type === type)?.vendor ?? type

/** Where the browser comes back after a connect: this page. */
export const RETURN_TO = '/app/brokers'

export const keys = {
  all: ['brokers'] as const,
  status: (t: BrokerType) => ['brokers', t, 'status'] as const,
  accounts: (t: BrokerType) => ['brokers', t, 'accounts'] as const,
  positions: (t: BrokerType, account: string) => ['brokers', t, 'positions', account] as const,
  syncLog: (page: number) => ['brokers', 'sync-log', page] as const,
}

const path = (broker_type: BrokerType) => ({ params: { path: { broker_type } } })

export const fetchStatus = (t: BrokerType) => data(api.GET('/api/brokers/{broker_type}/status', path(t)))
export type Status = Awaited<ReturnType<typeof fetchStatus>>

export const fetchAccounts = (t: BrokerType) => data(api.GET('/api/brokers/{broker_type}/accounts', path(t)))
export type Accounts = Awaited<ReturnType<typeof fetchAccounts>>

export const fetchPositions = (t: BrokerType, account_id: string) =>
  data(
    api.GET('/api/brokers/{broker_type}/positions', {
      params: { path: { broker_type: t }, query: { account_id } },
    }),
  )
export type Positions = Awaited<ReturnType<typeof fetchPositions>>

export const syncNow = (t: BrokerType) => data(api.POST('/api/brokers/{broker_type}/sync', path(t)))
export type SyncResult = Awaited<ReturnType<typeof syncNow>>

export const disconnect = (t: BrokerType) => data(api.POST('/api/brokers/{broker_type}/disconnect', path(t)))

/** The consent page (OAuth brokers) or the portal (the aggregator, for brokerage `slug`) to send the browser to. */
export async function connectUrl(t: BrokerType, slug: string): Promise<string> {
  if (t === 'brokera')
    return (await data(api.GET('/api/brokera/auth-url', { params: { query: { return_to: RETURN_TO } } }))).url
  if (t === 'brokerb')
    return (await data(api.GET('/api/brokerb/auth-url', { params: { query: { return_to: RETURN_TO } } }))).url
  const answer = await data(
    api.POST('/api/brokers/{broker_type}/connect', {
      params: { path: { broker_type: 'aggregator' } },
      body: { broker: slug, return_to: RETURN_TO },
    }),
  )
  if ('redirect_url' in answer) return answer.redirect_url
  throw new Error('The aggregator answered no portal link')
}

/** The status's details, each read only when it has the expected type. */
export interface Details {
  connectedAt?: string
  lastSyncAt?: string
  lastError?: string
  /** Why it is not connected, or why the status could not be read. */
  note?: string
  reconnect: boolean
  accounts: { accountId: number | null; number: string }[]
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

export function detailsOf(status: Status): Details {
  const x = status.extra
  const list = Array.isArray(x['accounts']) ? (x['accounts'] as unknown[]) : []
  const accounts = list.flatMap((a) => {
    if (typeof a !== 'object' || a === null) return []
    const r = a as Record<string, unknown>
    return [
      {
        accountId: typeof r['account_id'] === 'number' ? r['account_id'] : null,
        number: str(r['number']) ?? '—',
      },
    ]
  })
  return {
    connectedAt: str(x['connected_at']),
    lastSyncAt: str(x['last_sync_at']),
    lastError: str(x['last_error']),
    // Not `hint`: it names the API route to call, which this page calls for the user.
    note:
      str(x['reason']) ??
      str(x['error']) ??
      (x['reauthorize_required'] === true ? str(x['reauthorize_hint']) : undefined),
    reconnect: x['reconnect_required'] === true || x['reauthorize_required'] === true,
    accounts,
  }
}

/** What a connect that came back with `?error=<code>` means, in words. */
const ERRORS: Record<string, string> = {
  'broker.authorization_denied': 'you declined the request at the broker; nothing was connected',
  'broker.portal_not_completed': 'the connection portal was closed before it finished',
  'broker.state_expired': 'the connect link expired (they last 10 minutes); start again',
  'broker.state_reused': 'that connect link was already used; start again',
  'broker.state_mismatch': 'the connect link was started by another login; start again here',
  'broker.code_rejected': 'the broker refused the authorisation code; start again',
  'broker.connection_unknown': 'the aggregator does not know that connection; start again',
  'plan.broker_connect_required': 'your plan does not include broker connections',
}

export function connectErrorText(code: string): string {
  const why =
    ERRORS[code] ??
    (code.startsWith('upstream.') ? 'the broker could not be reached; try again later' : undefined)
  return `Connecting failed: ${why ?? 'the broker did not complete the connection'} (${code}).`
}
