/**
 * The content classifier, when one is configured (MODERATION_BASE_URL, MODERATION_API_KEY,
 * MODERATION_MODEL): an OpenAI-compatible `/moderations` endpoint. Without a base URL there is none
 * (null) and callers rely on their own rules. Local model servers (Ollama, vLLM) do not serve this
 * endpoint, so it is configured apart from the language model.
 */
import { createHttpClient, type HttpClient } from '../shared/http.ts'
import type { ModerationProvider } from './moderation.port.ts'
import { createOpenAiModeration } from './openai-moderation.ts'

export type { ModerationProvider, ModerationVerdict } from './moderation.port.ts'
export { createOpenAiModeration, parseModeration } from './openai-moderation.ts'

export interface ModerationConfig {
  MODERATION_BASE_URL?: string | undefined
  MODERATION_API_KEY?: string | undefined
  MODERATION_MODEL?: string | undefined
}

export const DEFAULT_MODERATION_MODEL = 'omni-moderation-latest'

export function createModeration(
  config: ModerationConfig,
  deps: { http?: HttpClient } = {},
): ModerationProvider | null {
  if (!config.MODERATION_BASE_URL) return null
  return createOpenAiModeration({
    http: deps.http ?? createHttpClient(),
    baseUrl: config.MODERATION_BASE_URL,
    ...(config.MODERATION_API_KEY ? { apiKey: config.MODERATION_API_KEY } : {}),
    model: config.MODERATION_MODEL || DEFAULT_MODERATION_MODEL,
  })
}
