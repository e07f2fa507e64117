/**
 * A scripted language model for the support browser tests: `stream` plays the script the question
 * picks — text fragments with pauses between them (so the page can be watched filling in), an
 * optional tool call first — and ends the way the port says a turn ends. A script may wait on the
 * caller's abort signal, to test the stop button.
 */
import type { LlmProvider, LlmStreamEvent, LlmStreamRequest } from '../../../src/providers/llm/llm.port.ts'

export type Step = string | { pause: number } | { hang: true }
export interface Script {
  /** Picks the script by the latest user question. */
  when: RegExp
  /** A tool the model calls before it answers (its JSON arguments). */
  tool?: { name: string; arguments: string }
  steps: Step[]
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'))
    })
  })

const lastUser = (req: LlmStreamRequest) =>
  [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? ''

export function scriptedLlm(scripts: Script[]): LlmProvider & { requests: LlmStreamRequest[] } {
  const requests: LlmStreamRequest[] = []
  return {
    name: 'scripted',
    model: 'scripted-model',
    requests,
    complete() {
      return Promise.reject(new Error('the support assistant streams; complete() is not scripted'))
    },
    async *stream(req: LlmStreamRequest): AsyncIterable<LlmStreamEvent> {
      requests.push(req)
      const question = String(lastUser(req))
      const script = scripts.find((s) => s.when.test(question))
      if (!script) throw new Error(`no script for "${question}"`)
      const toolAnswered = req.messages.some((m) => m.role === 'tool')
      if (script.tool && !toolAnswered) {
        yield { type: 'tool_calls', calls: [{ id: 'call_1', ...script.tool }] }
        yield { type: 'done', finishReason: 'tool_calls', model: 'scripted-model', usage: null }
        return
      }
      for (const step of script.steps) {
        if (typeof step === 'string') yield { type: 'text', text: step }
        else if ('pause' in step) await sleep(step.pause, req.signal)
        else await sleep(60_000, req.signal)
      }
      const usage = { prompt_tokens: 40, completion_tokens: 25, total_tokens: 65 }
      yield { type: 'done', finishReason: 'stop', model: 'scripted-model', usage }
    },
  }
}
