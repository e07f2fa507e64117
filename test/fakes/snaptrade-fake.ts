/**
 * Loopback fake of SnapTrade (docs/vendor-formats.md#snaptrade): the app's own simulator
 * (src/providers/brokers/sandbox/snaptrade/snaptrade.ts) on a bare Fastify at 127.0.0.1, with the
 * fixed quotes and clock of the Alpaca fake. Signed API at the root and under the legacy /api/v1,
 * the Connection Portal at /snapTrade/redeemToken. Failure modes through `sandbox.chaos`, the
 * request log in `sandbox.requests`.
 *
 *   const snap = await startSnapTradeFake()
 *   const broker = createSnapTradeBroker({ baseUrl: snap.baseUrl, pathPrefix: '', clientId: snap.clientId, ... })
 */
import {
  createSnapTradeSandbox,
  type SnapTradeSandbox,
  type SnapTradeSandboxOptions,
} from '../../src/providers/brokers/sandbox/snaptrade/snaptrade.ts'
import { fakeBrokerMarket, serveOnLoopback } from './sandbox-server.ts'

export interface SnapTradeFake {
  readonly baseUrl: string
  readonly clientId: string
  readonly consumerKey: string
  readonly sandbox: SnapTradeSandbox
  close(): Promise<void>
}

export async function startSnapTradeFake(
  opts: Partial<SnapTradeSandboxOptions> = {},
): Promise<SnapTradeFake> {
  const clientId = opts.clientId ?? 'FAKE-SNAPTRADE-CLIENT'
  const consumerKey = opts.consumerKey ?? 'fake-snaptrade-consumer-key'
  const sandbox = createSnapTradeSandbox({
    secret: 'fake-snaptrade-sandbox-secret',
    ...fakeBrokerMarket(),
    ...opts,
    clientId,
    consumerKey,
  })
  const { baseUrl, close } = await serveOnLoopback(sandbox.plugin)
  return { baseUrl, clientId, consumerKey, sandbox, close }
}

/**
 * The portal as a browser completes it: opens the link, posts the form with `decision` and `broker`,
 * and answers the redirect's query (status, connection_id…) or null without a redirect.
 */
export async function completePortal(
  portalUrl: string,
  decision: 'allow' | 'deny' = 'allow',
  broker = 'ALPACA',
): Promise<{ status: number; location: URL | null }> {
  const url = new URL(portalUrl)
  const page = await fetch(url)
  if (page.status !== 200) return { status: page.status, location: null }
  const token = url.searchParams.get('token') ?? ''
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, decision, broker }),
    redirect: 'manual',
  })
  const location = res.headers.get('location')
  return { status: res.status, location: location ? new URL(location) : null }
}
