/**
 * The language model, when one is configured (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL): an
 * OpenAI-compatible Chat Completions endpoint. Without a base URL there is none (null) and callers
 * use their deterministic fallbacks.
 */
import { createHttpClient, type HttpClient } from '../shared/http.ts'
import type { LlmProvider } from './llm.port.ts'
import { createOpenAiCompatible } from './openai-compatible.ts'

export type * from './llm.port.ts'
export { createOpenAiCompatible } from './openai-compatible.ts'

export interface LlmConfig {
  baseUrl?: string | undefined
  apiKey?: string | undefined
  model?: string | undefined
}

export function createLlm(config: LlmConfig, deps: { http?: HttpClient } = {}): LlmProvider | null {
  if (!config.baseUrl) return null
  // Every OpenAI-compatible server needs a model name; failing at start-up beats failing per request.
  if (!config.model) throw new Error('LLM_MODEL is required when LLM_BASE_URL is set')
  return createOpenAiCompatible({
    http: deps.http ?? createHttpClient(),
    baseUrl: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    model: config.model,
  })
}
