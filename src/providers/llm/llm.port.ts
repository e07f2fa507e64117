/**
 * The language-model port: one non-streaming completion. Adapters map their vendor's wire format
 * to these shapes and throw the typed UpstreamErrors of providers/shared on failure.
 */

export interface LlmMessage {
  role: 'user' | 'assistant'
  content: string
}

export interface LlmRequest {
  /** Instructions, sent ahead of the messages. */
  system?: string
  messages: LlmMessage[]
  /** Upper bound on the answer's tokens. */
  maxTokens?: number
  temperature?: number
  /**
   * Constrain the answer to JSON matching `schema` (structured output). With `strict`, the vendor
   * guarantees the shape, which only works for the subset of JSON Schema it supports: every object
   * lists all its properties as required and sets `additionalProperties: false`. The caller still
   * validates the answer: servers without structured output ignore the option.
   */
  responseFormat?: LlmJsonSchemaFormat
  /** Overrides the adapter's timeout for this request (interactive callers wait less). */
  timeoutMs?: number
}

export interface LlmJsonSchemaFormat {
  type: 'json_schema'
  /** a-z, A-Z, 0-9, '_' and '-', at most 64 characters. */
  name: string
  description?: string
  schema: Record<string, unknown>
  strict?: boolean
}

export interface LlmUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

export interface LlmResponse {
  text: string
  /** The model that answered (as the vendor reports it). */
  model: string
  /** null when the vendor did not report usage. */
  usage: LlmUsage | null
}

export interface LlmProvider {
  readonly name: string
  /** The configured model, sent with every request. */
  readonly model: string
  complete(req: LlmRequest): Promise<LlmResponse>
}
