/**
 * What the broker adapters' tests share (through alpaca-test-kit.ts, schwab-test-kit.ts, and
 * SnapTrade's directly): a real HTTP client whose sleeps are recorded instead of waited (no jitter),
 * and the assertion that a call fails with a given Upstream* error whose message carries none of the
 * tokens and secrets seen.
 */
import assert from 'node:assert/strict'
import {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type UpstreamError,
  type UpstreamErrorInit,
} from '../../src/providers/shared/http.ts'

/** An HTTP client that pushes each wait onto `sleeps` instead of waiting, with no jitter. */
export const recordingHttp = (sleeps: number[], http: HttpClientOptions = {}): HttpClient =>
  createHttpClient({ sleep: async (ms) => void sleeps.push(ms), random: () => 0, ...http })

/** Awaits a rejection of this Upstream* type (and status); its message must carry none of `secrets`. */
export async function rejectsWithout<E extends UpstreamError>(
  secrets: readonly string[],
  p: Promise<unknown>,
  type: new (message: string, init: UpstreamErrorInit) => E,
  status?: number,
): Promise<E> {
  const err: unknown = await p.then(
    () => assert.fail(`expected ${type.name}`),
    (e: unknown) => e,
  )
  assert.ok(err instanceof type, `expected ${type.name}, got ${String(err)}`)
  if (status !== undefined) assert.equal(err.status, status)
  for (const s of secrets) assert.ok(!err.message.includes(s), `a secret in the message: ${err.message}`)
  return err
}

/** `rejectsWithout` bound to the secrets a test file has seen so far (read at each call). */
export const upstreamRejects =
  (secrets: () => readonly string[]) =>
  <E extends UpstreamError>(
    p: Promise<unknown>,
    type: new (message: string, init: UpstreamErrorInit) => E,
    status?: number,
  ): Promise<E> =>
    rejectsWithout(secrets(), p, type, status)
