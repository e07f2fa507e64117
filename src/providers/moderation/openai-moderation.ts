/**
 * OpenAI moderation adapter (docs/vendor-formats.md#openai-moderation): `POST {baseUrl}/moderations`
 * `{model, input: [text, …]}` with `Authorization: Bearer <key>`, answered by one `results` entry per
 * input in the same order (`flagged`, `categories` name → boolean, `category_scores` name → number).
 * Categories the model does not judge come back as null (e.g. `illicit` on older models) and are read as
 * false. Non-2xx answers are the shared client's typed errors; a 200 of the wrong shape (or with fewer or
 * more results than inputs) is an UpstreamProtocolError.
 */
import { UpstreamProtocolError, type HttpClient } from '../shared/http.ts'
import type { ModerationProvider, ModerationVerdict } from './moderation.port.ts'

export interface OpenAiModerationOptions {
  http: HttpClient
  /** Includes the version segment, e.g. https://api.openai.com/v1. */
  baseUrl: string
  apiKey?: string
  model: string
  timeoutMs?: number
}

const PROVIDER = 'openai-moderation'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

function malformed(detail: string, payload: unknown): UpstreamProtocolError {
  return new UpstreamProtocolError(`${PROVIDER} POST /moderations returned a malformed payload: ${detail}`, {
    provider: PROVIDER,
    status: 200,
    body: JSON.stringify(payload) ?? '',
  })
}

function verdictOf(result: unknown, i: number, payload: unknown): ModerationVerdict {
  if (!isObj(result) || typeof result['flagged'] !== 'boolean')
    throw malformed(`results[${i}].flagged is not a boolean`, payload)
  const rawCategories = result['categories']
  const rawScores = result['category_scores']
  if (!isObj(rawCategories) || !isObj(rawScores))
    throw malformed(`results[${i}] lacks categories or category_scores`, payload)
  const categories: Record<string, boolean> = {}
  for (const [name, v] of Object.entries(rawCategories)) {
    if (v !== null && typeof v !== 'boolean') throw malformed(`results[${i}].categories.${name}`, payload)
    categories[name] = v === true
  }
  const scores: Record<string, number> = {}
  for (const [name, v] of Object.entries(rawScores)) {
    if (v === null) continue
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
      throw malformed(`results[${i}].category_scores.${name} is not a number in [0, 1]`, payload)
    scores[name] = v
  }
  return { flagged: result['flagged'], categories, scores }
}

export function parseModeration(payload: unknown, inputs: number): ModerationVerdict[] {
  if (!isObj(payload)) throw malformed('not an object', payload)
  if (isObj(payload['error'])) throw malformed('error object in a 200 answer', payload)
  const results = payload['results']
  if (!Array.isArray(results)) throw malformed('results is not an array', payload)
  if (results.length !== inputs) throw malformed(`${results.length} results for ${inputs} inputs`, payload)
  return results.map((r: unknown, i) => verdictOf(r, i, payload))
}

export function createOpenAiModeration(opts: OpenAiModerationOptions): ModerationProvider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/moderations`
  return {
    name: PROVIDER,
    model: opts.model,
    async moderate(inputs: string[], call: { timeoutMs?: number } = {}): Promise<ModerationVerdict[]> {
      if (inputs.length === 0) return []
      const headers: Record<string, string> = opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}
      const payload = await opts.http.postJson<unknown>({
        url,
        json: { model: opts.model, input: inputs },
        headers,
        timeoutMs: call.timeoutMs ?? opts.timeoutMs ?? 10_000,
        provider: PROVIDER,
      })
      return parseModeration(payload, inputs.length)
    },
  }
}
