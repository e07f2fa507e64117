/**
 * A response body read as it arrives (server-sent events from a vendor), for the shared HTTP client's
 * `postStream`. One timer bounds the wait for the response and for every later silence: it is re-armed
 * at each chunk, so a stalled stream ends with an UpstreamTimeoutError instead of hanging. The caller's
 * own AbortSignal cancels the request and the body; its reason is thrown as is (not an upstream error).
 */
import { UpstreamNetworkError, UpstreamTimeoutError } from '../../platform/upstream-errors.ts'

export interface HttpStreamResponse {
  status: number
  headers: Headers
  /** The body's text, chunk by chunk; throws a typed UpstreamError when it fails or stalls. */
  body: AsyncIterable<string>
}

function errorCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined
  const code = (e as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

export class BodyWatch {
  private readonly ctrl = new AbortController()
  private timer: ReturnType<typeof setTimeout> | undefined
  /** Pass to fetch: aborted by the timer or by the caller. */
  readonly signal: AbortSignal

  constructor(
    private readonly provider: string,
    private readonly target: string,
    private readonly ms: number,
    private readonly caller?: AbortSignal,
  ) {
    this.signal = caller ? AbortSignal.any([this.ctrl.signal, caller]) : this.ctrl.signal
    this.arm()
  }

  private arm(): void {
    this.stop()
    this.timer = setTimeout(() => this.ctrl.abort(new DOMException('timed out', 'TimeoutError')), this.ms)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }

  /** The error to throw for a failed fetch or read: the caller's abort reason, a timeout or a network error. */
  classify(e: unknown): unknown {
    this.stop()
    if (this.caller?.aborted) return this.caller.reason
    const provider = this.provider
    if (this.ctrl.signal.aborted) {
      return new UpstreamTimeoutError(`${provider} ${this.target} timed out after ${this.ms} ms of silence`, {
        provider,
        cause: e,
      })
    }
    const code = errorCode(e instanceof Error ? e.cause : undefined) ?? errorCode(e) ?? 'fetch failed'
    return new UpstreamNetworkError(`${provider} ${this.target} network error: ${code}`, {
      provider,
      cause: e,
    })
  }

  /** The whole body (an error answer), under the same timer. */
  async text(res: Response): Promise<string> {
    try {
      return await res.text()
    } catch (e) {
      throw this.classify(e)
    } finally {
      this.stop()
    }
  }

  /** The body's text as it arrives; stopping early (break, return) cancels the request. */
  async *chunks(res: Response): AsyncGenerator<string> {
    if (!res.body) {
      this.stop()
      return
    }
    this.arm()
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    try {
      for (;;) {
        let next: Awaited<ReturnType<typeof reader.read>>
        try {
          next = await reader.read()
        } catch (e) {
          throw this.classify(e)
        }
        if (next.done) return
        this.arm()
        if (next.value) yield next.value
      }
    } finally {
      this.stop()
      // Releases the connection when the consumer stops before the end; a no-op after it.
      this.ctrl.abort()
      reader.cancel().catch(() => undefined)
    }
  }
}
